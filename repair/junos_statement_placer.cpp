#include "repair/junos_statement_placer.h"

#include <algorithm>

namespace routefix::repair {

namespace {

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return {};
  size_t b = s.find_last_not_of(" \t");
  return s.substr(a, b - a + 1);
}

// `inactive: neighbor 1.2.3.4` is the same place as `neighbor 1.2.3.4`.
std::string withoutInactive(std::string s) {
  for (const char* tag : {"inactive: ", "inactive:"})
    if (s.rfind(tag, 0) == 0) return trim(s.substr(std::string(tag).size()));
  return s;
}

std::optional<uint32_t> areaValue(const std::string& w) {
  uint32_t v = 0;
  int parts = 0;
  std::string cur;
  for (size_t i = 0; i <= w.size(); ++i) {
    if (i == w.size() || w[i] == '.') {
      if (cur.empty() || cur.size() > 10 || !std::all_of(cur.begin(), cur.end(), ::isdigit)) return std::nullopt;
      uint64_t part = std::stoull(cur);
      if (parts > 0 && part > 255) return std::nullopt;
      v = parts == 0 && i == w.size() ? static_cast<uint32_t>(part) : (v << 8) | static_cast<uint32_t>(part);
      ++parts;
      cur.clear();
    } else {
      cur += w[i];
    }
  }
  if (parts != 1 && parts != 4) return std::nullopt;
  return v;
}

std::string unitZero(const std::string& name) {
  return name.size() > 2 && name.compare(name.size() - 2, 2, ".0") == 0 ? name.substr(0, name.size() - 2) : name;
}

// One word of a path, read in the light of the word before it.
bool sameWord(const std::string& previous, const std::string& a, const std::string& b) {
  if (a == b) return true;
  if (previous == "area") {
    auto x = areaValue(a), y = areaValue(b);
    return x && y && *x == *y;
  }
  if (previous == "interface") return unitZero(a) == unitZero(b);
  return false;
}

bool sameWords(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!sameWord(i ? a[i - 1] : "", a[i], b[i])) return false;
  return true;
}

bool samePath(const std::vector<std::string>& headers, const JunosPath& path, size_t count) {
  if (headers.size() != count || path.size() < count) return false;
  for (size_t i = 0; i < count; ++i)
    if (!sameJunosHeader(headers[i], path[i])) return false;
  return true;
}

}  // namespace

bool sameJunosHeader(const std::string& a, const std::string& b) {
  return sameWords(splitWords(a), splitWords(b));
}

std::string dottedQuad(uint32_t v) {
  return std::to_string(v >> 24) + "." + std::to_string((v >> 16) & 255) + "." + std::to_string((v >> 8) & 255) +
         "." + std::to_string(v & 255);
}

JunosStatementPlacer::JunosStatementPlacer(ConfigEdits& edits, std::string file)
    : edits_(edits), file_(std::move(file)) {
  for (const auto& l : edits_.lines(file_)) {
    std::string t = trim(l);
    if (t.empty() || t[0] == '#' || t.rfind("/*", 0) == 0) continue;
    set_form_ = t.rfind("set ", 0) == 0 || t.rfind("deactivate ", 0) == 0;
    break;
  }
  if (!set_form_) scanHierarchical();
}

// A character scanner over the brace form: `{` opens a block named by the text before it,
// `;` ends a leaf, `}` closes; quoted strings and comments are skipped. Statements are
// counted per line so an edit never splits a line that holds several.
void JunosStatementPlacer::scanHierarchical() {
  const auto& lines = edits_.lines(file_);
  struct Open {
    std::string header;
    int line;
    std::string indent;
  };
  std::vector<Open> stack;
  std::vector<int> statementsOn(lines.size() + 2, 0);
  bool inComment = false;
  auto headersOf = [&] {
    std::vector<std::string> h;
    for (const auto& o : stack) h.push_back(o.header);
    return h;
  };
  for (size_t n = 1; n <= lines.size(); ++n) {
    const std::string& l = lines[n - 1];
    std::string cur;
    bool inQuote = false;
    for (size_t i = 0; i < l.size(); ++i) {
      char c = l[i];
      if (inComment) {
        if (c == '*' && i + 1 < l.size() && l[i + 1] == '/') inComment = false, ++i;
        continue;
      }
      if (inQuote) {
        cur += c;
        if (c == '"') inQuote = false;
        continue;
      }
      if (c == '"') {
        inQuote = true;
        cur += c;
      } else if (c == '/' && i + 1 < l.size() && l[i + 1] == '*') {
        inComment = true;
        ++i;
      } else if (c == '#' && trim(cur).empty()) {
        break;
      } else if (c == '{') {
        stack.push_back({withoutInactive(trim(cur)), static_cast<int>(n), indentOf(l)});
        ++statementsOn[n];
        cur.clear();
      } else if (c == ';') {
        leaves_.push_back({headersOf(), withoutInactive(trim(cur)), static_cast<int>(n), false});
        ++statementsOn[n];
        cur.clear();
      } else if (c == '}') {
        if (stack.empty()) continue;
        Block b{headersOf(), stack.back().line, static_cast<int>(n), false, stack.back().indent};
        blocks_.push_back(std::move(b));
        stack.pop_back();
        ++statementsOn[n];
        cur.clear();
      } else {
        cur += c;
      }
    }
  }
  for (auto& b : blocks_) b.close_alone = statementsOn[b.close_line] == 1;
  for (auto& f : leaves_) f.alone = statementsOn[f.line] == 1;
}

const JunosStatementPlacer::Block* JunosStatementPlacer::deepest(const JunosPath& path) const {
  const Block* best = nullptr;
  for (const auto& b : blocks_)
    if (b.headers.size() <= path.size() && samePath(b.headers, path, b.headers.size()) &&
        (!best || b.headers.size() > best->headers.size()))
      best = &b;
  return best;
}

bool JunosStatementPlacer::hasBlock(const JunosPath& path) const {
  if (set_form_) {
    std::vector<std::string> words;
    for (const auto& h : path)
      for (const auto& w : splitWords(h)) words.push_back(w);
    for (const auto& l : edits_.lines(file_)) {
      auto w = splitWords(l);
      if (w.size() <= words.size() || w[0] != "set") continue;
      std::vector<std::string> head(w.begin() + 1, w.begin() + 1 + static_cast<long>(words.size()));
      if (sameWords(head, words)) return true;
    }
    return false;
  }
  const Block* b = deepest(path);
  return b && b->headers.size() == path.size();
}

std::string JunosStatementPlacer::childIndent(const Block* b) const {
  if (!b) return "";
  for (const auto& f : leaves_)
    if (f.headers == b->headers && f.alone) return indentOf(edits_.line(file_, f.line));
  for (const auto& c : blocks_)
    if (c.headers.size() == b->headers.size() + 1 &&
        std::equal(b->headers.begin(), b->headers.end(), c.headers.begin()))
      return c.indent;
  return b->indent + "    ";
}

std::vector<std::string> JunosStatementPlacer::pathWords(int line) const {
  if (set_form_) {
    auto w = splitWords(edits_.line(file_, line));
    if (w.size() < 2) return {};
    return std::vector<std::string>(w.begin() + 1, w.end() - 1);
  }
  for (const auto& f : leaves_)
    if (f.line == line) return f.headers;
  return {};
}

bool JunosStatementPlacer::add(const JunosPath& path, const std::vector<std::string>& statements,
                               std::string& why) {
  return set_form_ ? addSet(path, statements) : addHierarchical(path, statements, why);
}

bool JunosStatementPlacer::addFirstBlock(const JunosPath& parent, const std::string& header,
                                         const std::vector<std::string>& statements, std::string& why) {
  JunosPath path = parent;
  path.push_back(header);
  if (!hasBlock(parent)) return add(path, statements, why);
  if (set_form_) {
    // Before the first line of the parent: set lines are evaluated in file order.
    std::vector<std::string> words;
    for (const auto& h : parent)
      for (const auto& w : splitWords(h)) words.push_back(w);
    const auto& lines = edits_.lines(file_);
    for (size_t n = 1; n <= lines.size(); ++n) {
      auto w = splitWords(lines[n - 1]);
      if (w.size() <= words.size() || w[0] != "set") continue;
      if (!sameWords(std::vector<std::string>(w.begin() + 1, w.begin() + 1 + static_cast<long>(words.size())), words))
        continue;
      std::string prefix = "set";
      for (const auto& h : path) prefix += " " + h;
      for (const auto& s : statements) edits_.insertAfter(file_, static_cast<int>(n) - 1, prefix + " " + s);
      return true;
    }
    return addSet(path, statements);
  }
  const Block* b = deepest(parent);
  int openStatements = 0;
  for (const auto& f : leaves_) openStatements += f.line == b->open_line;
  for (const auto& c : blocks_) openStatements += c.open_line == b->open_line || c.close_line == b->open_line;
  if (openStatements != 1) {
    why = file_ + ":" + std::to_string(b->open_line) + " opens " + parent.back() + " on a line with other statements";
    return false;
  }
  std::string indent = childIndent(b);
  std::string unit = indent.size() > b->indent.size() ? indent.substr(b->indent.size()) : "    ";
  edits_.insertAfter(file_, b->open_line, indent + header + " {");
  for (const auto& s : statements) edits_.insertAfter(file_, b->open_line, indent + unit + s + ";");
  edits_.insertAfter(file_, b->open_line, indent + "}");
  return true;
}

bool JunosStatementPlacer::addSet(const JunosPath& path, const std::vector<std::string>& statements) {
  // After the last line that shares the longest start with the new statement's path, so the
  // new line sits with its siblings.
  std::vector<std::string> words;
  for (const auto& h : path)
    for (const auto& w : splitWords(h)) words.push_back(w);
  const auto& lines = edits_.lines(file_);
  int after = static_cast<int>(lines.size());
  size_t bestShared = 0;
  for (size_t n = 1; n <= lines.size(); ++n) {
    auto w = splitWords(lines[n - 1]);
    if (w.empty() || w[0] != "set") continue;
    size_t shared = 0;
    while (shared < words.size() && shared + 1 < w.size() &&
           sameWord(shared ? words[shared - 1] : "", w[shared + 1], words[shared]))
      ++shared;
    if (shared > 0 && shared >= bestShared) {
      bestShared = shared;
      after = static_cast<int>(n);
    }
  }
  std::string prefix = "set";
  for (const auto& w : words) prefix += " " + w;
  for (const auto& s : statements) edits_.insertAfter(file_, after, prefix + " " + s);
  return true;
}

bool JunosStatementPlacer::addHierarchical(const JunosPath& path, const std::vector<std::string>& statements,
                                           std::string& why) {
  const Block* b = deepest(path);
  size_t depth = b ? b->headers.size() : 0;
  std::string base = childIndent(b);
  std::string unit = b && base.size() > b->indent.size() ? base.substr(b->indent.size()) : "    ";

  // The nested blocks still missing, then the statements, then their closing braces.
  auto body = [&](size_t from, const std::string& indent) {
    std::vector<std::string> out;
    std::string at = indent;
    for (size_t k = from; k < path.size(); ++k, at += unit) out.push_back(at + path[k] + " {");
    for (const auto& s : statements) out.push_back(at + s + ";");
    for (size_t k = path.size(); k > from; --k) {
      at.resize(at.size() - unit.size());
      out.push_back(at + "}");
    }
    return out;
  };

  // `neighbor 10.0.0.6;` written as a leaf: it becomes `neighbor 10.0.0.6 { ... }`.
  if (depth < path.size()) {
    for (const auto& f : leaves_) {
      if (!samePath(f.headers, path, depth) || !sameJunosHeader(f.text, path[depth])) continue;
      if (!f.alone) {
        why = file_ + ":" + std::to_string(f.line) + " holds other statements beside " + f.text;
        return false;
      }
      std::string indent = indentOf(edits_.line(file_, f.line));
      edits_.replace(file_, f.line, indent + f.text + " {");
      auto inner = body(depth + 1, indent + unit);
      for (const auto& l : inner) edits_.insertAfter(file_, f.line, l);
      edits_.insertAfter(file_, f.line, indent + "}");
      return true;
    }
  }
  int after = static_cast<int>(edits_.lines(file_).size());
  if (b) {
    if (!b->close_alone) {
      why = file_ + ":" + std::to_string(b->close_line) + " closes " + b->headers.back() +
            " on a line with other statements";
      return false;
    }
    after = b->close_line - 1;
  }
  for (const auto& l : body(depth, base)) edits_.insertAfter(file_, after, l);
  return true;
}

}  // namespace routefix::repair
