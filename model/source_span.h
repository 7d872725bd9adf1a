// Where a model element came from. Diagnosis and repair point at and rewrite these lines,
// so every element that a config statement creates carries one.
#pragma once

#include <string>

namespace routefix::model {

struct SourceSpan {
  std::string file;    // relative to the snapshot root, e.g. "configs/r1.cfg"
  int first_line = 0;  // 1-based; 0 = synthesised (a vendor default, no line)
  int last_line = 0;

  bool known() const { return first_line > 0; }
  bool operator==(const SourceSpan&) const = default;
};

// A diagnostic about the input: an unrecognised line, an undefined reference, ...
struct ParseWarning {
  std::string file;
  int line = 0;
  std::string text;     // the offending line as written
  std::string message;  // "unrecognized syntax", "undefined prefix-list PL_X", ...
};

}  // namespace routefix::model
