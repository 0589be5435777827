// hupai from Node through koffi (npm install koffi). Works from any folder: the library is
// $HUPAI_LIB (an absolute path), else libhupai_ffi.so beside this file.
//
//   HUPAI_LIB="$HUPAI/target/release/libhupai_ffi.so" node hello.js
const path = require('path');
const koffi = require('koffi');

const lib = koffi.load(process.env.HUPAI_LIB || path.join(__dirname, 'libhupai_ffi.so'));
const isWin = lib.func('int32_t hupai_is_win(const char *hand, const char *rules)');
const waits = lib.func('int32_t hupai_waits(const char *hand, const char *rules, _Out_ uint8_t *out)');
const lastError = lib.func('const char *hupai_last_error(void)');

console.log('win', isWin('111z222z333z44z***', null));
const kinds = new Uint8Array(34);
const n = waits('1112345678999m', 'riichi', kinds);
console.log(['waits', ...kinds.subarray(0, n)].join(' '));
if (isWin('123m456p789s11122x', null) < 0) console.log('error', lastError());
