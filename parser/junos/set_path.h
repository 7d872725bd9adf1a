// Junos configuration as flat set-paths: the hierarchical form `a { b { c d; } }` and the
// set form `set a b c d` both become the path [a b c d], each with the line it came from,
// so every model element built from it can point at the user's own line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/source_span.h"
#include "parser/parser.h"

namespace routefix::parser::junos {

struct SetPath {
  std::vector<std::string> words;  // unquoted
  std::vector<int> word_lines;     // the line of each word (block headers sit above leaves)
  std::string file;
  int line = 0;  // the statement's line (its last word)
  bool inherited = false;  // from a configuration group: its lines are the group's

  bool startsWith(const std::vector<std::string>& prefix) const;
};

struct FlatConfig {
  std::vector<SetPath> paths;
  std::vector<model::ParseWarning> warnings;
};

// True when the file is in set form (its first statement is a set/delete/(de)activate
// command); otherwise it is read as the hierarchical form.
bool isSetForm(std::string_view text);

// Parses one file with the Junos grammar and flattens it. Inactive statements (`inactive:`
// in the hierarchical form, `deactivate` in the set form) are dropped with their subtree;
// `delete` in the set form removes what earlier lines set. Syntax errors become warnings.
FlatConfig flattenFile(const ConfigFile& file);

// The lines of a file by number, for warning texts: found without rescanning the file from
// its start (which made many warnings on a large file quadratic). Views `text`, which must
// outlive it.
class TextLines {
 public:
  explicit TextLines(std::string_view text);
  // The 1-based line, trimmed; "" when out of range.
  std::string line(int number) const;

 private:
  std::string_view text_;
  std::vector<size_t> starts_;
};

}  // namespace routefix::parser::junos
