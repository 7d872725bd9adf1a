#include "parser/ios/keyword_abbreviations.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace routefix::parser::ios {

namespace {

using antlr4::atn::ATNState;
using antlr4::atn::RuleTransition;
using antlr4::atn::Transition;

// How well one input word matched, in FRR's order of preference (lower is better).
enum Rank : int { ExactKeyword, AbbreviatedKeyword, Variable, CatchAll };

// One way of matching the words of a line read so far.
struct Path {
  std::vector<ATNState*> stack;  // where to continue when the current rule ends
  std::vector<int> ranks;              // per word
  std::vector<size_t> keywords;        // per word: the keyword it abbreviates, 0 for none
  bool ambiguous = false;              // an equally good match reads some word differently
};

// FRR compares two complete matches word by word from the left; the first word that one
// matches better decides.
bool better(const Path& a, const Path& b) { return a.ranks < b.ranks; }

// Keeps, of two paths that continue alike, the better one; equally good paths that read
// a word as different keywords make the line ambiguous, as in FRR.
void keepBest(std::optional<Path>& slot, Path path) {
  if (!slot || better(path, *slot)) {
    slot = std::move(path);
  } else if (!better(*slot, path) && slot->keywords != path.keywords) {
    slot->ambiguous = true;
  }
}

// The paths after some words: those waiting at a state that consumes input, by state and
// stack (equal keys have equal futures, so only the best of them matters), and the best
// that has matched a whole statement.
struct PathSet {
  std::map<std::vector<size_t>, std::pair<ATNState*, std::optional<Path>>> waiting;
  std::optional<Path> complete;

  void wait(ATNState* state, const Path& path) {
    std::vector<size_t> key{state->stateNumber};
    for (auto* s : path.stack) key.push_back(s->stateNumber);
    auto& slot = waiting[key];
    slot.first = state;
    keepBest(slot.second, path);
  }
};

// Follows every transition that consumes no input from `state`.
void closure(ATNState* state, Path path, PathSet& out,
             std::set<std::vector<size_t>>& visited) {
  if (state->getStateType() == ATNState::RULE_STOP) {
    if (path.stack.empty()) {
      keepBest(out.complete, std::move(path));
      return;
    }
    ATNState* next = path.stack.back();
    path.stack.pop_back();
    closure(next, std::move(path), out, visited);
    return;
  }
  std::vector<size_t> key{state->stateNumber};
  for (auto* s : path.stack) key.push_back(s->stateNumber);
  if (!visited.insert(key).second) return;
  bool consumes = false;
  for (const Transition* t : state->transitions) {
    if (t->getSerializationType() == Transition::RULE) {
      Path inner = path;
      inner.stack.push_back(static_cast<const RuleTransition*>(t)->followState);
      closure(t->target, std::move(inner), out, visited);
    } else if (t->isEpsilon()) {
      closure(t->target, path, out, visited);
    } else {
      consumes = true;
    }
  }
  if (consumes) out.wait(state, path);
}

void closure(ATNState* state, Path path, PathSet& out) {
  std::set<std::vector<size_t>> visited;
  closure(state, std::move(path), out, visited);
}

}  // namespace

KeywordAbbreviations::KeywordAbbreviations(const antlr4::atn::ATN& atn,
                                           const antlr4::dfa::Vocabulary& vocabulary,
                                           size_t statementRule, std::vector<size_t> variableRules,
                                           size_t lineEnd)
    : atn_(atn),
      statement_rule_(statementRule),
      variable_rules_(std::move(variableRules)),
      line_end_(lineEnd),
      max_type_(vocabulary.getMaxTokenType()),
      is_keyword_(max_type_ + 1, false) {
  // A keyword is a token whose rule is one literal word: 'interface', 'remote-as'.
  for (size_t type = 1; type <= max_type_; ++type) {
    std::string literal = vocabulary.getLiteralName(type);
    if (literal.size() < 3 || literal.front() != '\'' || literal.back() != '\'') continue;
    literal = literal.substr(1, literal.size() - 2);
    if (!std::isalpha(static_cast<unsigned char>(literal.front()))) continue;
    keywords_.push_back({literal, type});
    is_keyword_[type] = true;
  }
  std::sort(keywords_.begin(), keywords_.end(),
            [](const Keyword& a, const Keyword& b) { return a.literal < b.literal; });
}

bool KeywordAbbreviations::isKeyword(size_t type) const {
  return type <= max_type_ && is_keyword_[type];
}

std::vector<size_t> KeywordAbbreviations::abbreviated(const std::string& text) const {
  std::vector<size_t> out;
  if (text.empty()) return out;
  auto it = std::lower_bound(keywords_.begin(), keywords_.end(), text,
                             [](const Keyword& k, const std::string& t) { return k.literal < t; });
  for (; it != keywords_.end() && it->literal.compare(0, text.size(), text) == 0; ++it)
    if (it->literal.size() > text.size()) out.push_back(it->type);
  return out;
}

void KeywordAbbreviations::expand(antlr4::CommonTokenStream& tokens) const {
  tokens.fill();
  std::vector<antlr4::Token*> line;
  for (antlr4::Token* token : tokens.getTokens()) {
    if (token->getType() == line_end_ || token->getType() == antlr4::Token::EOF) {
      // Only a word that is no keyword and a proper prefix of one can be an abbreviation
      // (a keyword that abbreviates a longer one, `in` for `interface`, is not looked for).
      bool candidate = std::any_of(line.begin(), line.end(), [&](antlr4::Token* t) {
        return !isKeyword(t->getType()) && !abbreviated(t->getText()).empty();
      });
      if (candidate) expandLine(line);
      line.clear();
    } else {
      line.push_back(token);
    }
  }
}

void KeywordAbbreviations::expandLine(const std::vector<antlr4::Token*>& line) const {
  PathSet paths;
  closure(atn_.ruleToStartState[statement_rule_], Path{}, paths);
  for (antlr4::Token* token : line) {
    size_t type = token->getType();
    std::vector<size_t> longer = abbreviated(token->getText());
    PathSet next;
    for (auto& [key, waiting] : paths.waiting) {
      ATNState* state = waiting.first;
      const Path& path = *waiting.second;
      bool variable = std::find(variable_rules_.begin(), variable_rules_.end(), state->ruleIndex) !=
                      variable_rules_.end();
      auto advance = [&](const Transition* t, Rank rank, size_t keyword) {
        Path moved = path;
        moved.ranks.push_back(rank);
        moved.keywords.push_back(keyword);
        closure(t->target, std::move(moved), next);
      };
      for (const Transition* t : state->transitions) {
        auto kind = t->getSerializationType();
        if (t->isEpsilon() || kind == Transition::RULE) continue;
        if (kind == Transition::NOT_SET || kind == Transition::WILDCARD) {
          if (t->matches(type, 1, max_type_)) advance(t, CatchAll, 0);
          continue;
        }
        if (t->matches(type, 1, max_type_))
          advance(t, !variable && isKeyword(type) ? ExactKeyword : Variable, 0);
        if (variable) continue;
        for (size_t keyword : longer)
          if (t->matches(keyword, 1, max_type_)) advance(t, AbbreviatedKeyword, keyword);
      }
    }
    paths = std::move(next);
    if (paths.waiting.empty() && !paths.complete) return;  // no statement reads this line
  }
  if (!paths.complete || paths.complete->ambiguous) return;
  const Path& best = *paths.complete;
  for (size_t i = 0; i < line.size(); ++i) {
    if (best.keywords[i] == 0) continue;
    auto* token = dynamic_cast<antlr4::WritableToken*>(line[i]);
    if (!token) continue;
    auto it = std::find_if(keywords_.begin(), keywords_.end(),
                           [&](const Keyword& k) { return k.type == best.keywords[i]; });
    token->setType(it->type);
    token->setText(it->literal);
  }
}

}  // namespace routefix::parser::ios
