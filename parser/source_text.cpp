#include "parser/source_text.h"

namespace routefix::parser {

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
