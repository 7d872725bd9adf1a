#include "cli/json_stream.h"

#include <charconv>
#include <nlohmann/json.hpp>

namespace routefix::cli {

namespace {

// Buffered output goes to the stream in blocks of about this size.
constexpr size_t kBlock = size_t{4} << 20;

// Text that JSON takes as it is: printable ASCII without quote or backslash. Anything else
// (escapes, UTF-8, which nlohmann validates) is written by nlohmann itself, so the bytes and
// the errors stay nlohmann's.
bool plain(std::string_view text) {
  for (unsigned char c : text)
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
  return true;
}

}  // namespace

JsonStream::JsonStream(std::ostream& out, int indent) : out_(&out), indent_(indent) {
  buffer_.reserve(kBlock + 4096);
  writing_.reserve(kBlock + 4096);
}

JsonStream::JsonStream(int indent, size_t depth) : out_(nullptr), indent_(indent), members_(depth, 0) {}

JsonStream::~JsonStream() {
  if (!out_) return;
  flush();
  if (writer_.valid()) writer_.get();
}

JsonFragment JsonStream::takeFragment() {
  JsonFragment fragment{std::move(buffer_), members_.empty() ? 0 : members_.back()};
  buffer_.clear();
  if (!members_.empty()) members_.back() = 0;
  return fragment;
}

void JsonStream::append(const JsonFragment& fragment) {
  if (fragment.text.empty()) return;
  if (!members_.empty()) {
    if (members_.back() > 0 && fragment.members > 0) buffer_ += ',';
    members_.back() += fragment.members;
  }
  buffer_ += fragment.text;
  if (buffer_.size() >= kBlock) flush();
}

// The block goes to the stream on a thread of its own while the next one is formatted: the
// write (the kernel's copy into the page cache, the terminal-safety scan) costs as much as
// the formatting. One block is in flight at a time, so the stream sees them in order.
void JsonStream::flush() {
  if (!out_) return;  // a fragment keeps its text until taken
  if (writer_.valid()) writer_.get();
  std::swap(buffer_, writing_);
  buffer_.clear();
  writer_ = std::async(std::launch::async,
                       [this] { out_->write(writing_.data(), static_cast<std::streamsize>(writing_.size())); });
}

void JsonStream::lineBreak(size_t depth) {
  if (indent_ < 0) return;
  buffer_ += '\n';
  buffer_.append(depth * static_cast<size_t>(indent_), ' ');
}

// The separator nlohmann writes before a member: none after a key, else a comma unless it is
// the first, then the member's own line.
void JsonStream::beforeValue() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (members_.empty()) return;
  if (members_.back()++ > 0) buffer_ += ',';
  lineBreak(members_.size());
}

void JsonStream::open(char bracket) {
  beforeValue();
  buffer_ += bracket;
  members_.push_back(0);
}

// An empty container closes on its opening line ("{}", "[]"), as nlohmann writes it.
void JsonStream::close(char bracket) {
  size_t members = members_.back();
  members_.pop_back();
  if (members > 0) lineBreak(members_.size());
  buffer_ += bracket;
  if (buffer_.size() >= kBlock) flush();
}

void JsonStream::beginObject() { open('{'); }
void JsonStream::endObject() { close('}'); }
void JsonStream::beginArray() { open('['); }
void JsonStream::endArray() { close(']'); }

void JsonStream::key(std::string_view name) {
  beforeValue();
  appendString(name);
  buffer_ += indent_ < 0 ? ":" : ": ";
  afterKey_ = true;
}

void JsonStream::string(std::string_view text) {
  beforeValue();
  appendString(text);
}

void JsonStream::appendString(std::string_view text) {
  if (plain(text)) {
    buffer_ += '"';
    buffer_ += text;
    buffer_ += '"';
  } else {
    buffer_ += nlohmann::json(std::string(text)).dump();
  }
}

void JsonStream::number(uint64_t value) {
  beforeValue();
  char digits[24];
  auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  buffer_.append(digits, end);
}

void JsonStream::boolean(bool value) {
  beforeValue();
  buffer_ += value ? "true" : "false";
}

void JsonStream::null() {
  beforeValue();
  buffer_ += "null";
}

void JsonStream::address(model::Ipv4 ip) {
  beforeValue();
  char text[model::Ipv4::kMaxText + 2] = {'"'};
  char* end = ip.write(text + 1);
  *end++ = '"';
  buffer_.append(text, end);
}

void JsonStream::prefix(const model::Prefix& p) {
  beforeValue();
  char text[model::Prefix::kMaxText + 2] = {'"'};
  char* end = p.write(text + 1);
  *end++ = '"';
  buffer_.append(text, end);
}

void JsonStream::newline() {
  buffer_ += '\n';
  if (buffer_.size() >= kBlock) flush();
}

}  // namespace routefix::cli
