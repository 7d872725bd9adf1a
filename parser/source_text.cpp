#include "parser/source_text.h"

#include "model/utf8.h"

namespace routefix::parser {


bool looksBinary(std::string_view text) {
  std::string_view sample = text.substr(0, 8192);
  size_t odd = 0;
  for (size_t i = 0; i < sample.size();) {
    unsigned char c = static_cast<unsigned char>(sample[i]);
    if (c == 0) return true;
    int length = model::utf8SequenceLength(sample, i);
    if (length == model::kUtf8Truncated) break;  // a character cut off by the sample's end
    bool control = c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v';
    if (length == model::kUtf8Invalid || control || c == 0x7f) {
      ++odd;
      ++i;
    } else {
      i += static_cast<size_t>(length);
    }
  }
  return odd * 10 > sample.size();
}

void SourceText::add(const std::string& path, std::string text) {
  File f;
  f.text = std::move(text);
  f.line_starts.push_back(0);
  for (size_t i = 0; i < f.text.size(); ++i)
    if (f.text[i] == '\n') f.line_starts.push_back(i + 1);
  files_[path] = std::move(f);
}

std::string SourceText::line(const std::string& path, int number) const {
  auto it = files_.find(path);
  if (it == files_.end() || number < 1) return {};
  const File& f = it->second;
  if (static_cast<size_t>(number) > f.line_starts.size()) return {};
  size_t begin = f.line_starts[number - 1];
  if (begin >= f.text.size()) return {};
  size_t end = f.text.find('\n', begin);
  std::string_view s(f.text);
  s = s.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return std::string(s);
}

const std::string& SourceText::whole(const std::string& path) const {
  static const std::string kEmpty;
  auto it = files_.find(path);
  return it == files_.end() ? kEmpty : it->second.text;
}

}  // namespace routefix::parser
