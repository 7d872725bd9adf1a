#include "html/html_text.h"

#include <cstdio>

#include "model/utf8.h"

namespace routefix::html {

namespace {

void appendByteEscape(std::string& out, unsigned char c) {
  char buf[5];
  std::snprintf(buf, sizeof buf, "\\x%02x", c);
  out += buf;
}

}  // namespace

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '&': out += "&amp;"; ++i; continue;
      case '<': out += "&lt;"; ++i; continue;
      case '>': out += "&gt;"; ++i; continue;
      case '"': out += "&quot;"; ++i; continue;
      case '\'': out += "&#39;"; ++i; continue;
      default: break;
    }
    if ((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t') {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    int length = c < 0x80 ? 0 : model::utf8SequenceLength(text, i);
    bool c1Control = length == 2 && c == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0;
    if (length > 0 && !c1Control) {
      out.append(text.substr(i, static_cast<size_t>(length)));
      i += static_cast<size_t>(length);
      continue;
    }
    size_t bad = c1Control ? 2 : 1;
    for (size_t k = 0; k < bad; ++k) appendByteEscape(out, static_cast<unsigned char>(text[i + k]));
    i += bad;
  }
  return out;
}

}  // namespace routefix::html
