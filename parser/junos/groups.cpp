#include "parser/junos/groups.h"

#include <algorithm>
#include <map>
#include <string>

namespace routefix::parser::junos {

namespace {

// Whether `c` is in a class body ("a-c", "!a-c"; `!` or `^` negates).
bool classContains(std::string_view cls, char c) {
  bool negate = !cls.empty() && (cls.front() == '!' || cls.front() == '^');
  if (negate) cls.remove_prefix(1);
  bool in = false;
  for (size_t i = 0; i < cls.size(); ++i) {
    if (i + 2 < cls.size() && cls[i + 1] == '-') {
      in = in || (c >= cls[i] && c <= cls[i + 2]);
      i += 2;
    } else {
      in = in || c == cls[i];
    }
  }
  return in != negate;
}

}  // namespace

// One pass over the pattern, keeping the set of name prefixes it can match so far (a row of
// the usual dynamic program): O(pattern x name). Trying every split at each `*` took
// exponential time (`<*a*a*a...*b>` with 12 stars ran past a minute).
bool wildcardMatches(std::string_view pattern, std::string_view name) {
  std::vector<char> reach(name.size() + 1, 0), next(name.size() + 1, 0);
  reach[0] = 1;  // reach[j]: the pattern so far matches name[0, j)
  size_t i = 0;
  while (i < pattern.size()) {
    char p = pattern[i];
    if (p == '*') {  // any run: every position at or after a reached one
      for (size_t j = 1; j <= name.size(); ++j) reach[j] = reach[j] || reach[j - 1];
      ++i;
      continue;
    }
    // One character: `?`, a class `[...]` (a `[` without its `]` is itself), or a literal.
    std::string_view cls;
    size_t width = 1;
    if (p == '[') {
      size_t close = pattern.find(']', i + 1);
      if (close != std::string_view::npos) {
        cls = pattern.substr(i + 1, close - i - 1);
        width = close - i + 1;
      }
    }
    bool any = false;
    next[0] = 0;
    for (size_t j = 1; j <= name.size(); ++j) {
      char c = name[j - 1];
      bool ok = width > 1 ? classContains(cls, c) : p == '?' || p == c;
      next[j] = reach[j - 1] && ok;
      any = any || next[j];
    }
    if (!any) return false;
    reach.swap(next);
    i += width;
  }
  return reach[name.size()];
}

namespace {

bool isWildcard(const std::string& w) { return w.size() >= 2 && w.front() == '<' && w.back() == '>'; }

bool wordMatches(const std::string& groupWord, const std::string& configWord) {
  if (isWildcard(groupWord))
    return wildcardMatches(std::string_view(groupWord).substr(1, groupWord.size() - 2), configWord);
  return groupWord == configWord;
}

struct ApplyGroups {
  std::vector<std::string> level;  // where the statement sits
  std::string group;
  std::vector<int> level_lines;
  bool except = false;
};

struct GroupPath {
  SetPath path;  // words/lines without the leading `groups NAME`
};

// Resolves the wildcard words of `rest` (appended under `prefix`) against the names the
// configuration uses, emitting each concrete path.
void resolveWildcards(const SetPath& rest, size_t i, SetPath& current,
                      const std::vector<SetPath>& config, std::vector<SetPath>& out) {
  if (i == rest.words.size()) {
    out.push_back(current);
    out.back().line = rest.line;
    out.back().inherited = true;
    return;
  }
  const std::string& w = rest.words[i];
  if (!isWildcard(w)) {
    current.words.push_back(w);
    current.word_lines.push_back(rest.word_lines[i]);
    resolveWildcards(rest, i + 1, current, config, out);
    current.words.pop_back();
    current.word_lines.pop_back();
    return;
  }
  std::vector<std::string> names;
  size_t depth = current.words.size();
  for (const auto& c : config) {
    if (c.words.size() <= depth || !c.startsWith(current.words)) continue;
    const std::string& name = c.words[depth];
    if (wordMatches(w, name) && std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(name);
  }
  for (const auto& name : names) {
    current.words.push_back(name);
    current.word_lines.push_back(rest.word_lines[i]);
    resolveWildcards(rest, i + 1, current, config, out);
    current.words.pop_back();
    current.word_lines.pop_back();
  }
}

}  // namespace

std::vector<SetPath> expandGroups(const std::vector<SetPath>& paths,
                                  std::vector<model::ParseWarning>& warnings) {
  std::map<std::string, std::vector<SetPath>> groups;
  std::vector<ApplyGroups> applies;
  std::vector<SetPath> config;
  for (const auto& p : paths) {
    if (p.words.size() >= 2 && p.words[0] == "groups") {
      SetPath inner = p;
      inner.words.erase(inner.words.begin(), inner.words.begin() + 2);
      inner.word_lines.erase(inner.word_lines.begin(), inner.word_lines.begin() + 2);
      auto& g = groups[p.words[1]];
      if (!inner.words.empty()) g.push_back(std::move(inner));
      continue;
    }
    auto it = std::find_if(p.words.begin(), p.words.end(), [](const std::string& w) {
      return w == "apply-groups" || w == "apply-groups-except";
    });
    if (it != p.words.end()) {
      size_t k = static_cast<size_t>(it - p.words.begin());
      if (k + 1 < p.words.size()) {
        applies.push_back({std::vector<std::string>(p.words.begin(), it), p.words[k + 1],
                           std::vector<int>(p.word_lines.begin(), p.word_lines.begin() + k),
                           *it == "apply-groups-except"});
      }
      continue;
    }
    config.push_back(p);
  }

  std::vector<SetPath> inherited;
  for (const auto& a : applies) {
    if (a.except) continue;
    auto g = groups.find(a.group);
    if (g == groups.end()) {
      // The apply-groups line is the one to blame.
      auto src = std::find_if(paths.begin(), paths.end(), [&](const SetPath& p) {
        return p.startsWith(a.level) && p.words.size() > a.level.size() + 1 &&
               p.words[a.level.size()] == "apply-groups" && p.words[a.level.size() + 1] == a.group;
      });
      if (src != paths.end())
        warnings.push_back({src->file, src->line, {}, "undefined group " + a.group});
      continue;
    }
    size_t k = a.level.size();
    for (const auto& gp : g->second) {
      if (gp.words.size() <= k) continue;
      bool under = true;
      for (size_t i = 0; i < k && under; ++i) under = wordMatches(gp.words[i], a.level[i]);
      if (!under) continue;
      SetPath rest = gp;
      rest.words.erase(rest.words.begin(), rest.words.begin() + static_cast<long>(k));
      rest.word_lines.erase(rest.word_lines.begin(), rest.word_lines.begin() + static_cast<long>(k));
      SetPath current;
      current.file = gp.file;
      current.words = a.level;
      current.word_lines = a.level_lines;
      std::vector<SetPath> resolved;
      resolveWildcards(rest, 0, current, config, resolved);
      for (auto& r : resolved) {
        bool excluded = std::any_of(applies.begin(), applies.end(), [&](const ApplyGroups& e) {
          return e.except && e.group == a.group && e.level.size() > k && r.startsWith(e.level);
        });
        if (!excluded) inherited.push_back(std::move(r));
      }
    }
  }
  inherited.insert(inherited.end(), config.begin(), config.end());
  return inherited;
}

}  // namespace routefix::parser::junos
