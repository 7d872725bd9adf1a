// Command words written as abbreviations (`int eth0`, `nei 10.0.0.1 rem 65001`).
//
// FRR's CLI, and so every frr.conf it loads, accepts any unique prefix of a command word
// (lib/command_match.c): a line is matched against every command of the node, a keyword
// matches the input exactly or partly (the input is a prefix of it), and among the commands
// that match the whole line the best is chosen token by token from the left: a keyword beats
// a variable, an exact keyword beats an abbreviated one, and two abbreviated keywords at the
// same place are ambiguous (the line is refused).
//
// The lexer cannot know which keyword a word abbreviates: `int` is `interface` at the start of
// a line and `internal` after `remote-as`. So before parsing, each line that holds a word
// which is a proper prefix of some keyword is matched against the parser's own ATN, the way
// FRR matches its command graph: the keywords are the grammar's token literals, the variables
// are the tokens matched inside the given variable rules (`name`), and the grammar's
// catch-all alternatives (`~NEWLINE*`, which stand for commands the model does not hold)
// count below any variable. The abbreviated tokens of the best complete match are retyped to
// their keyword, text included, so the parser and the walker see the full spelling.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "antlr4-runtime.h"

namespace routefix::parser::ios {

class KeywordAbbreviations {
 public:
  // statementRule: the rule one line is matched against; variableRules: rules whose tokens
  // are values (names), never abbreviations; lineEnd: the token type that ends a line.
  KeywordAbbreviations(const antlr4::atn::ATN& atn, const antlr4::dfa::Vocabulary& vocabulary,
                       size_t statementRule, std::vector<size_t> variableRules, size_t lineEnd);

  // Retypes the abbreviated keywords of every line of an already filled token stream.
  void expand(antlr4::CommonTokenStream& tokens) const;

  // The keyword types whose literal `text` is a proper prefix of (empty when none).
  std::vector<size_t> abbreviated(const std::string& text) const;

 private:
  struct Keyword {
    std::string literal;
    size_t type;
  };
  void expandLine(const std::vector<antlr4::Token*>& line) const;
  bool isKeyword(size_t type) const;

  const antlr4::atn::ATN& atn_;
  size_t statement_rule_;
  std::vector<size_t> variable_rules_;
  size_t line_end_;
  size_t max_type_;
  std::vector<Keyword> keywords_;       // sorted by literal
  std::vector<bool> is_keyword_;        // by token type
};

}  // namespace routefix::parser::ios
