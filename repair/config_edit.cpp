#include "repair/config_edit.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "model/input_error.h"

namespace routefix::repair {

const std::vector<std::string>& ConfigEdits::lines(const std::string& file) {
  auto it = original_.find(file);
  if (it != original_.end()) return it->second;
  std::ifstream in(root_ / file, std::ios::binary);
  if (!in) throw model::InputError("cannot read config file", file);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    std::string l = text.substr(start, nl - start);
    if (!l.empty() && l.back() == '\r') l.pop_back();
    out.push_back(l);
    start = nl + 1;
  }
  trailing_newline_[file] = text.empty() || text.back() == '\n';
  return original_.emplace(file, std::move(out)).first->second;
}

std::string ConfigEdits::line(const std::string& file, int number) {
  const auto& l = lines(file);
  if (number < 1 || number > static_cast<int>(l.size())) return {};
  return l[number - 1];
}

void ConfigEdits::replace(const std::string& file, int number, std::string text) {
  lines(file);
  edits_[file].replaced[number] = std::move(text);
}

void ConfigEdits::remove(const std::string& file, int number) {
  lines(file);
  edits_[file].removed[number] = true;
}

void ConfigEdits::insertAfter(const std::string& file, int number, std::string text) {
  lines(file);
  edits_[file].inserted[number].push_back(std::move(text));
}

bool ConfigEdits::touches(const std::string& file, int number) const {
  auto it = edits_.find(file);
  if (it == edits_.end()) return false;
  return it->second.replaced.count(number) || it->second.removed.count(number);
}

std::set<EditPlace> ConfigEdits::places() const {
  std::set<EditPlace> out;
  for (const auto& [file, e] : edits_) {
    for (const auto& [line, text] : e.replaced) out.insert({file, line, false});
    for (const auto& [line, gone] : e.removed) out.insert({file, line, false});
    for (const auto& [line, texts] : e.inserted)
      out.insert({file, line, true, !texts.empty() && !texts.front().empty() && std::isspace(static_cast<unsigned char>(texts.front()[0]))});
  }
  return out;
}

std::vector<std::string> ConfigEdits::files() const {
  std::vector<std::string> out;
  for (const auto& [f, e] : edits_) out.push_back(f);
  return out;
}

int ConfigEdits::changedLines() const {
  int n = 0;
  for (const auto& [f, e] : edits_) {
    n += static_cast<int>(e.replaced.size() + e.removed.size());
    for (const auto& [at, l] : e.inserted) n += static_cast<int>(l.size());
  }
  return n;
}

namespace {

// One line of the edited file against the original: ' ' kept, '-' removed, '+' added.
struct DiffLine {
  char op;
  std::string text;
  int old_line;  // 1-based position in the original (for '+': the line it follows)
};

// A file name as a diff header names it: as is, or, when it holds a control character, a
// quote or a backslash, C-quoted the way git writes it and GNU patch reads it, so a name
// with a newline cannot end the header early.
std::string headerPath(const std::string& path) {
  bool plain = std::none_of(path.begin(), path.end(), [](char c) {
    unsigned char b = static_cast<unsigned char>(c);
    return b < 0x20 || b == 0x7f || c == '"' || c == '\\';
  });
  if (plain) return path;
  std::string out = "\"";
  for (char c : path) {
    unsigned char b = static_cast<unsigned char>(c);
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (b < 0x20 || b == 0x7f) {
          char octal[5] = {'\\', static_cast<char>('0' + (b >> 6)), static_cast<char>('0' + ((b >> 3) & 7)),
                           static_cast<char>('0' + (b & 7)), 0};
          out += octal;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace

std::string ConfigEdits::patchedText(const std::string& file) {
  const auto& orig = lines(file);
  auto e = edits_.find(file);
  std::string out;
  auto emitInserted = [&](int after) {
    if (e == edits_.end()) return;
    if (auto ins = e->second.inserted.find(after); ins != e->second.inserted.end())
      for (const auto& l : ins->second) out += l + "\n";
  };
  emitInserted(0);
  for (int i = 1; i <= static_cast<int>(orig.size()); ++i) {
    const std::string* text = &orig[i - 1];
    bool removed = false;
    if (e != edits_.end()) {
      removed = e->second.removed.count(i) > 0;
      if (auto r = e->second.replaced.find(i); r != e->second.replaced.end()) text = &r->second;
    }
    if (!removed) {
      out += *text;
      if (i < static_cast<int>(orig.size()) || trailing_newline_[file]) out += "\n";
    }
    emitInserted(i);
  }
  return out;
}

std::string ConfigEdits::unifiedDiff(const std::string& file) {
  const auto& orig = lines(file);
  auto it = edits_.find(file);
  if (it == edits_.end()) return {};
  const FileEdits& e = it->second;
  std::vector<DiffLine> seq;
  auto inserted = [&](int after) {
    if (auto ins = e.inserted.find(after); ins != e.inserted.end())
      for (const auto& l : ins->second) seq.push_back({'+', l, after});
  };
  inserted(0);
  for (int i = 1; i <= static_cast<int>(orig.size()); ++i) {
    if (e.removed.count(i)) {
      seq.push_back({'-', orig[i - 1], i});
    } else if (auto r = e.replaced.find(i); r != e.replaced.end() && r->second != orig[i - 1]) {
      seq.push_back({'-', orig[i - 1], i});
      seq.push_back({'+', r->second, i});
    } else {
      seq.push_back({' ', orig[i - 1], i});
    }
    inserted(i);
  }
  // Hunks: changed lines with 3 lines of context, merged when their contexts touch.
  const int context = 3;
  std::string out = "--- " + headerPath("a/" + file) + "\n+++ " + headerPath("b/" + file) + "\n";
  size_t n = seq.size();
  size_t i = 0;
  int oldNo = 1, newNo = 1;  // line numbers at seq[i]
  std::vector<std::pair<int, int>> pos(n);
  for (size_t k = 0; k < n; ++k) {
    pos[k] = {oldNo, newNo};
    if (seq[k].op != '+') ++oldNo;
    if (seq[k].op != '-') ++newNo;
  }
  while (i < n) {
    if (seq[i].op == ' ') {
      ++i;
      continue;
    }
    size_t start = i >= static_cast<size_t>(context) ? i - context : 0;
    size_t end = i;  // last changed index in this hunk
    size_t k = i;
    while (k < n) {
      if (seq[k].op != ' ') {
        end = k;
        ++k;
        continue;
      }
      size_t run = k;
      while (run < n && seq[run].op == ' ') ++run;
      if (run < n && run - k <= static_cast<size_t>(2 * context)) {
        k = run;
        continue;
      }
      break;
    }
    size_t stop = std::min(n, end + 1 + context);
    int oldCount = 0, newCount = 0;
    std::string body;
    for (size_t m = start; m < stop; ++m) {
      if (seq[m].op != '+') ++oldCount;
      if (seq[m].op != '-') ++newCount;
      body += seq[m].op + seq[m].text + "\n";
    }
    int oldStart = oldCount ? pos[start].first : pos[start].first - 1;
    int newStart = newCount ? pos[start].second : pos[start].second - 1;
    out += "@@ -" + std::to_string(oldStart) + "," + std::to_string(oldCount) + " +" +
           std::to_string(newStart) + "," + std::to_string(newCount) + " @@\n" + body;
    i = stop;
  }
  return out;
}

std::vector<std::string> splitWords(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

std::string indentOf(const std::string& line) {
  return line.substr(0, line.find_first_not_of(" \t") == std::string::npos
                            ? line.size()
                            : line.find_first_not_of(" \t"));
}

std::string replaceWord(const std::string& line, size_t index, const std::string& word) {
  size_t pos = 0, count = 0;
  while (pos < line.size()) {
    size_t start = line.find_first_not_of(" \t", pos);
    if (start == std::string::npos) break;
    size_t end = line.find_first_of(" \t", start);
    if (end == std::string::npos) end = line.size();
    if (count == index) return line.substr(0, start) + word + line.substr(end);
    ++count;
    pos = end;
  }
  return line;
}

}  // namespace routefix::repair
