// The regular expressions of as-path lists and expanded community lists, matched in time
// linear in the text (RE2). std::regex backtracked: `^(_[0-9]+)*$` overflowed the stack on a
// 5,000-hop AS path and nested quantifiers ran for minutes on 30 hops.
//
// Syntax is FRR's: bgp_regcomp (bgpd/bgp_regex.c) replaces each `_` with `(^|[,{}() ]|$)` and
// compiles the result with regcomp(), which Debian's FRR takes from PCRE2's POSIX API, so
// Perl classes such as \d work. RE2 reads the same syntax except backreferences and
// lookaround, which it refuses: such a pattern is invalid here (the parser warns).
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace routefix::model {

class CiscoRegex {
 public:
  explicit CiscoRegex(std::string_view pattern);
  ~CiscoRegex();
  CiscoRegex(CiscoRegex&&) noexcept;
  CiscoRegex& operator=(CiscoRegex&&) noexcept;

  bool valid() const;
  // Why the pattern does not compile ("" when it does).
  const std::string& error() const { return error_; }
  // Whether the pattern occurs anywhere in `text` (regexec without anchors). An invalid
  // pattern matches nothing.
  bool search(std::string_view text) const;

 private:
  std::unique_ptr<re2::RE2> re_;
  std::string error_;
};

}  // namespace routefix::model
