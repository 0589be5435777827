// hupai from Java through JNA (Debian: apt-get install libjna-java, which installs
// /usr/share/java/jna.jar; Maven: net.java.dev.jna:jna). Works from any folder: the library is
// $HUPAI_LIB (an absolute path), else libhupai_ffi.so in the current folder.
//
//   javac -cp /usr/share/java/jna.jar Hello.java
//   HUPAI_LIB="$HUPAI/target/release/libhupai_ffi.so" java -cp /usr/share/java/jna.jar:. Hello
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.File;
import java.util.Map;

public class Hello {
    public interface Hupai extends Library {
        int hupai_is_win(String hand, String rules);
        int hupai_waits(String hand, String rules, byte[] out);
        String hupai_last_error();
    }

    public static void main(String[] args) {
        String path = System.getenv("HUPAI_LIB");
        if (path == null) path = new File("libhupai_ffi.so").getAbsolutePath();
        Hupai lib = Native.load(path, Hupai.class, Map.of(Library.OPTION_STRING_ENCODING, "UTF-8"));
        System.out.println("win " + lib.hupai_is_win("111z222z333z44z***", null));
        byte[] kinds = new byte[34];
        int n = lib.hupai_waits("1112345678999m", "riichi", kinds);
        StringBuilder line = new StringBuilder("waits");
        for (int i = 0; i < n; i++) line.append(' ').append(kinds[i] & 0xff);
        System.out.println(line);
        if (lib.hupai_is_win("123m456p789s11122x", null) < 0) System.out.println("error " + lib.hupai_last_error());
    }
}
