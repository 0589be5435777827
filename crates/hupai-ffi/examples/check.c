/*
 * check.c: hupai's C ABI as a C program uses it. Built and run by `cargo test -p hupai-ffi`
 * (tests/consumers.rs), against include/hupai.h and the library cargo built, both linked
 * dynamically (libhupai_ffi.so) and statically (libhupai_ffi.a).
 *
 *   cc -std=c11 -I crates/hupai-ffi/include crates/hupai-ffi/examples/check.c \
 *      -L target/release -lhupai_ffi -lpthread -o check && LD_LIBRARY_PATH=target/release ./check
 *
 * It checks the seed articles' examples (win, waits, shanten), bad hands and rules, NULL pointers,
 * and 4 threads making
 * 100,000 calls each (answers equal to the single-threaded ones, each thread's own last error).
 * With a file argument it also checks every line of it: `win RULES 0|1 HAND`,
 * `waits RULES K1,K2,... HAND` (kind indexes, `-` for none) or `shanten RULES N HAND`, answers the
 * test computes in Rust. Exits 0 only if every check passed.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hupai.h"

static int passed = 0;
static int failed = 0;

#define CHECK(cond, ...)                                              \
    do {                                                              \
        if (cond) {                                                   \
            passed++;                                                 \
        } else {                                                      \
            failed++;                                                 \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);      \
            fprintf(stderr, __VA_ARGS__);                             \
            fprintf(stderr, " (last error: %s)\n", hupai_last_error()); \
        }                                                             \
    } while (0)

/* The waits as "0,1,2" (or "-" for none) into `text`, from `n` kind indexes. */
static void waits_text(const uint8_t *kinds, int32_t n, char *text, size_t size) {
    size_t at = 0;
    text[0] = '\0';
    if (n <= 0) {
        snprintf(text, size, "%s", n == 0 ? "-" : "error");
        return;
    }
    for (int32_t i = 0; i < n && at < size; i++) {
        at += (size_t)snprintf(text + at, size - at, i ? ",%u" : "%u", (unsigned)kinds[i]);
    }
}

static void seeds(void) {
    /* S000: three wildcards must be able to form a fresh triplet. */
    CHECK(hupai_is_win("111z222z333z44z***", NULL) == 1, "S000 pruning flaw hand wins");
    /* S000 checkValid: a wildcard may not be a fifth 1z unless the rules say so. */
    CHECK(hupai_is_win("123m456p789s1111z*", "standard") == 0, "no fifth copy");
    CHECK(hupai_is_win("123m456p789s1111z*", "standard+5th") == 1, "fifth copy allowed");
    /* S001: thirteen orphans with a wildcard, riichi only. */
    CHECK(hupai_is_win("19m19p19s1234567z*", "riichi") == 1, "thirteen orphans");
    CHECK(hupai_is_win("19m19p19s1234567z*", "standard") == 0, "no special forms in standard");
    /* S002: seven pairs. */
    CHECK(hupai_is_win("1133m5577p2244s66z", "chinese") == 1, "seven pairs");
    CHECK(hupai_is_win("12333345m456p789s", NULL) == 1, "33 is the pair, not 333");
    /* S003: a 17-tile hand in Unicode tiles under taiwan rules. */
    CHECK(hupai_is_win("🀇🀈🀉🀉🀊🀋🀆🀆🀆🀐🀐🀝🀝🀝🀟🀠🀡", "taiwan") == 1, "S003 17 tiles");
    /* Declared melds and wildcards. */
    CHECK(hupai_is_win("11m234p***[789s][5555z]", NULL) == 1, "wildcards and declared melds");

    /* Nine gates waits on every manzu kind, 0 to 8. */
    uint8_t kinds[HUPAI_KINDS];
    int32_t n = hupai_waits("1112345678999m", NULL, kinds);
    CHECK(n == 9, "nine gates has 9 waits, not %d", n);
    for (int32_t i = 0; i < n && i < 9; i++) {
        CHECK(kinds[i] == i, "wait %d is kind %u", i, (unsigned)kinds[i]);
    }

    /* Shanten: -1 wins, 0 ready, 1, ...; through an out-parameter. */
    int32_t shanten = 99;
    CHECK(hupai_shanten("19m19p19s1234567z*", "riichi", &shanten) == 0 && shanten == -1, "orphans win: %d", shanten);
    CHECK(hupai_shanten("1112345678999m", NULL, &shanten) == 0 && shanten == 0, "nine gates ready: %d", shanten);
    CHECK(hupai_shanten("123m456p789s1134z", "riichi", &shanten) == 0 && shanten == 1, "one away: %d", shanten);

    /* The same through counts. */
    uint8_t counts[HUPAI_KINDS] = {0};
    const uint8_t nine_gates[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    memcpy(counts, nine_gates, sizeof nine_gates);
    uint8_t by_counts[HUPAI_KINDS];
    CHECK(hupai_waits_counts(counts, 0, NULL, by_counts) == 9 && memcmp(kinds, by_counts, 9) == 0,
          "nine gates by counts");
    counts[4] += 1; /* draw 5m: 11123455678999m wins */
    CHECK(hupai_is_win_counts(counts, 0, "standard") == 1, "nine gates + 5m wins");
    counts[4] -= 1;
    CHECK(hupai_is_win_counts(counts, 1, "standard") == 1, "nine gates + a wildcard wins");
    /* 13 tiles of one suit plus one wildcard under 17-tile rules is the wrong size. */
    CHECK(hupai_is_win_counts(counts, 1, "taiwan") == HUPAI_ERROR_WRONG_SIZE, "taiwan needs 17");
}

static void bad_input(void) {
    CHECK(hupai_is_win("123m456p789s11122x", NULL) == HUPAI_ERROR_PARSE, "bad letter");
    CHECK(strstr(hupai_last_error(), "position 18") != NULL, "message names the position: %s",
          hupai_last_error());
    CHECK(hupai_is_win("1234m", NULL) == HUPAI_ERROR_WRONG_SIZE, "4 tiles");
    CHECK(strstr(hupai_last_error(), "hand has 4 tiles") != NULL, "size message: %s", hupai_last_error());
    uint8_t kinds[HUPAI_KINDS];
    CHECK(hupai_waits("123m456p789s11122z", NULL, kinds) == HUPAI_ERROR_WRONG_SIZE, "waits of 14");
    int32_t shanten = 99;
    CHECK(hupai_shanten("123456m", NULL, &shanten) == HUPAI_ERROR_WRONG_SIZE && shanten == 99, "shanten of 3k tiles");
    CHECK(hupai_is_win("11111m456p789s111z", NULL) == HUPAI_ERROR_INVALID_HAND, "five copies");
    CHECK(hupai_is_win("123m456p789s11122z", "mahjong") == HUPAI_ERROR_UNKNOWN_RULES, "unknown rules");
    CHECK(strstr(hupai_last_error(), "mahjong") != NULL, "rules message: %s", hupai_last_error());
    CHECK(hupai_is_win("123m456p789s11122z", "") == HUPAI_ERROR_UNKNOWN_RULES, "empty rules");
    CHECK(hupai_is_win("123m\xff", NULL) == HUPAI_ERROR_INVALID_UTF8, "invalid UTF-8 hand");
    CHECK(hupai_is_win("123m456p789s11122z", "riichi\xc3") == HUPAI_ERROR_INVALID_UTF8, "invalid UTF-8 rules");
    uint8_t counts[HUPAI_KINDS] = {5, 1, 1, 1, 1, 1, 1, 1, 2};
    CHECK(hupai_is_win_counts(counts, 0, NULL) == HUPAI_ERROR_INVALID_HAND, "count of 5");
    CHECK(strstr(hupai_last_error(), "5 copies of 1m") != NULL, "count message: %s", hupai_last_error());
    /* A success leaves the last error alone. */
    CHECK(hupai_is_win("123m456p789s11122z", NULL) == 1, "a win");
    CHECK(strstr(hupai_last_error(), "5 copies of 1m") != NULL, "message kept: %s", hupai_last_error());
}

static void null_pointers(void) {
    uint8_t kinds[HUPAI_KINDS];
    uint8_t counts[HUPAI_KINDS] = {0};
    CHECK(hupai_is_win(NULL, NULL) == HUPAI_ERROR_NULL_ARGUMENT, "NULL hand");
    CHECK(strcmp(hupai_last_error(), "hand is NULL") == 0, "NULL message: %s", hupai_last_error());
    CHECK(hupai_waits(NULL, "riichi", kinds) == HUPAI_ERROR_NULL_ARGUMENT, "NULL hand (waits)");
    CHECK(hupai_waits("1112345678999m", NULL, NULL) == HUPAI_ERROR_NULL_ARGUMENT, "NULL out_kinds");
    CHECK(hupai_is_win_counts(NULL, 0, NULL) == HUPAI_ERROR_NULL_ARGUMENT, "NULL counts");
    CHECK(hupai_waits_counts(NULL, 0, NULL, kinds) == HUPAI_ERROR_NULL_ARGUMENT, "NULL counts (waits)");
    CHECK(hupai_waits_counts(counts, 13, NULL, NULL) == HUPAI_ERROR_NULL_ARGUMENT, "NULL out (counts)");
    CHECK(hupai_shanten("1112345678999m", NULL, NULL) == HUPAI_ERROR_NULL_ARGUMENT, "NULL out_shanten");
    int32_t shanten = 99;
    CHECK(hupai_shanten(NULL, NULL, &shanten) == HUPAI_ERROR_NULL_ARGUMENT && shanten == 99, "NULL hand (shanten)");
    CHECK(hupai_last_error() != NULL, "last error is never NULL");
}

/* The threaded loop: every thread asks the same questions and must get the single-threaded answers. */
#define THREADS 4
#define CALLS 100000

struct question {
    const char *hand;
    const char *rules;
    int kind; /* 0: hupai_is_win, 1: hupai_waits, 2: hupai_shanten */
};

static const struct question questions[] = {
    {"111z222z333z44z***", NULL, 0},
    {"123m456p789s1111z*", "standard+5th", 0},
    {"19m19p19s1234567z*", "riichi", 0},
    {"1133m5577p2244s66z", "standard", 0},
    {"1112345678999m", NULL, 1},
    {"23m*456p789s111z4z", "chinese", 1},
    {"123345m555789p1s555z", "taiwan", 1},
    {"123m456p789s11122x", NULL, 0}, /* a parse error */
    {"123m456p789s1134z", "riichi", 2},
    {"11m234p678s3z***5z6z", NULL, 2},
};
#define QUESTIONS (sizeof questions / sizeof questions[0])

/* One answer as a number: the verdict, the waits as a bit set (plus the count), 1000 + the shanten,
 * or the error. */
static int64_t ask(const struct question *q) {
    if (q->kind == 0) {
        return hupai_is_win(q->hand, q->rules);
    }
    if (q->kind == 2) {
        int32_t shanten = 99;
        int32_t status = hupai_shanten(q->hand, q->rules, &shanten);
        return status < 0 ? status : 1000 + shanten;
    }
    uint8_t kinds[HUPAI_KINDS];
    int32_t n = hupai_waits(q->hand, q->rules, kinds);
    if (n < 0) {
        return n;
    }
    int64_t bits = 0;
    for (int32_t i = 0; i < n; i++) {
        bits |= (int64_t)1 << kinds[i];
    }
    return (bits << 6) | n;
}

static int64_t expected[QUESTIONS];

struct worker {
    int id;
    long mismatches;
    long wrong_messages;
};

static void *work(void *arg) {
    struct worker *w = arg;
    uint8_t counts[HUPAI_KINDS] = {0};
    counts[w->id] = 5; /* a count no hand may have: this thread's own error message */
    char own[64];
    snprintf(own, sizeof own, "5 copies of %dm", w->id + 1);
    for (long i = 0; i < CALLS; i++) {
        const struct question *q = &questions[(size_t)(i + w->id) % QUESTIONS];
        if (ask(q) != expected[q - questions]) {
            w->mismatches++;
        }
        if (i % 1000 == 0) {
            /* Between this thread's error and its read, other threads fail too: the message must
             * still be this thread's own. */
            hupai_is_win_counts(counts, 0, NULL);
            if (strstr(hupai_last_error(), own) == NULL) {
                w->wrong_messages++;
            }
        }
    }
    return NULL;
}

static void threads(void) {
    for (size_t i = 0; i < QUESTIONS; i++) {
        expected[i] = ask(&questions[i]);
    }
    CHECK(expected[0] == 1 && expected[7] == HUPAI_ERROR_PARSE, "single-threaded answers");
    pthread_t handles[THREADS];
    struct worker workers[THREADS];
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (struct worker){.id = t, .mismatches = 0, .wrong_messages = 0};
        CHECK(pthread_create(&handles[t], NULL, work, &workers[t]) == 0, "thread %d starts", t);
    }
    for (int t = 0; t < THREADS; t++) {
        pthread_join(handles[t], NULL);
        CHECK(workers[t].mismatches == 0, "thread %d: %ld answers differ", t, workers[t].mismatches);
        CHECK(workers[t].wrong_messages == 0, "thread %d: %ld foreign messages", t,
              workers[t].wrong_messages);
    }
}

/* Lines `win RULES 0|1 HAND`, `waits RULES K1,K2,... HAND` or `shanten RULES N HAND` from a file. */
static void cases(const char *path) {
    FILE *file = fopen(path, "r");
    CHECK(file != NULL, "cannot open %s", path);
    if (file == NULL) {
        return;
    }
    char line[512], kind[16], rules[32], want[160], hand[256];
    int lines = 0;
    while (fgets(line, sizeof line, file)) {
        if (sscanf(line, "%15s %31s %159s %255s", kind, rules, want, hand) != 4) {
            continue;
        }
        lines++;
        if (strcmp(kind, "shanten") == 0) {
            int32_t shanten = 99;
            int32_t status = hupai_shanten(hand, rules, &shanten);
            CHECK(status == 0 && shanten == atoi(want), "shanten of %s under %s: %d (status %d), expected %s", hand,
                  rules, shanten, status, want);
        } else if (strcmp(kind, "win") == 0) {
            int32_t got = hupai_is_win(hand, rules);
            CHECK(got == atoi(want), "%s under %s: %d, expected %s", hand, rules, got, want);
        } else {
            uint8_t kinds[HUPAI_KINDS];
            char got[160];
            waits_text(kinds, hupai_waits(hand, rules, kinds), got, sizeof got);
            CHECK(strcmp(got, want) == 0, "waits of %s under %s: %s, expected %s", hand, rules, got, want);
        }
    }
    fclose(file);
    CHECK(lines > 0, "%s has cases", path);
    printf("%d cases from %s\n", lines, path);
}

int main(int argc, char **argv) {
    CHECK(hupai_abi_version() == HUPAI_ABI_VERSION, "library ABI %u, header %u", hupai_abi_version(),
          (unsigned)HUPAI_ABI_VERSION);
    CHECK(strcmp(hupai_last_error(), "") == 0, "no error yet");
    seeds();
    bad_input();
    null_pointers();
    threads();
    if (argc > 1) {
        cases(argv[1]);
    }
    printf("check.c: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
