// The character stream both grammars read: a config's bytes, one byte per character, viewed
// in place. The grammars are ASCII; a multi-byte UTF-8 character lexes as its bytes inside a
// WORD or STRING, whose text comes back as the same bytes, and token columns count bytes.
// ANTLR's own ANTLRInputStream copies the text to UTF-32, and the 4.9 runtime's decoder
// allocates 20 bytes per input byte: a 200 MB comment-only config peaked at 5.7 GB there.
#pragma once

#include <string>
#include <string_view>

#include "antlr4-runtime.h"

namespace routefix::parser {

class ByteCharStream : public antlr4::CharStream {
 public:
  // `text` must outlive the stream and every token read from it.
  ByteCharStream(std::string_view text, std::string sourceName)
      : text_(text), name_(std::move(sourceName)) {}

  void consume() override;
  size_t LA(ssize_t i) override;
  ssize_t mark() override { return -1; }  // the whole text stays available
  void release(ssize_t) override {}
  size_t index() override { return p_; }
  void seek(size_t index) override { p_ = std::min(index, text_.size()); }
  size_t size() override { return text_.size(); }
  std::string getSourceName() const override { return name_; }
  std::string getText(const antlr4::misc::Interval& interval) override;
  std::string toString() const override { return std::string(text_); }

 private:
  std::string_view text_;
  std::string name_;
  size_t p_ = 0;
};

}  // namespace routefix::parser
