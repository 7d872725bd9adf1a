#include "parser/byte_char_stream.h"

namespace routefix::parser {

void ByteCharStream::consume() {
  if (p_ >= text_.size()) throw antlr4::IllegalStateException("cannot consume EOF");
  ++p_;
}

// As ANTLRInputStream::LA: LA(1) is the next character, LA(-1) the previous one.
size_t ByteCharStream::LA(ssize_t i) {
  if (i == 0) return 0;
  ssize_t at = i > 0 ? static_cast<ssize_t>(p_) + i - 1 : static_cast<ssize_t>(p_) + i;
  if (at < 0 || static_cast<size_t>(at) >= text_.size()) return antlr4::IntStream::EOF;
  return static_cast<unsigned char>(text_[static_cast<size_t>(at)]);
}

std::string ByteCharStream::getText(const antlr4::misc::Interval& interval) {
  if (interval.a < 0 || interval.b < interval.a || static_cast<size_t>(interval.a) >= text_.size()) return {};
  size_t start = static_cast<size_t>(interval.a);
  size_t stop = std::min(static_cast<size_t>(interval.b), text_.size() - 1);
  return std::string(text_.substr(start, stop - start + 1));
}

}  // namespace routefix::parser
