#include "model/utf8.h"

namespace routefix::model {

int utf8SequenceLength(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char b = byte(i);
  if (b < 0x80) return 1;
  int length = 0;
  unsigned char low = 0x80, high = 0xbf;  // bounds of the second byte (RFC 3629, table 3-7)
  if (b >= 0xc2 && b <= 0xdf) {
    length = 2;
  } else if (b >= 0xe0 && b <= 0xef) {
    length = 3;
    if (b == 0xe0) low = 0xa0;
    if (b == 0xed) high = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    length = 4;
    if (b == 0xf0) low = 0x90;
    if (b == 0xf4) high = 0x8f;
  } else {
    return kUtf8Invalid;
  }
  for (int k = 1; k < length; ++k) {
    if (i + k >= s.size()) return kUtf8Truncated;
    unsigned char c = byte(i + k);
    if (c < (k == 1 ? low : 0x80) || c > (k == 1 ? high : 0xbf)) return kUtf8Invalid;
  }
  return length;
}

bool isValidUtf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {  // the common case, without a call
      ++i;
      continue;
    }
    int length = utf8SequenceLength(s, i);
    if (length <= 0) return false;
    i += static_cast<size_t>(length);
  }
  return true;
}

}  // namespace routefix::model
