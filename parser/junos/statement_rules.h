// The machinery of the statement table (statement_table.cpp, policy_statements.cpp): a row
// is a set-path pattern and what it means for the model; rows are tried in order and the
// first match wins. Rows without a handler are statements known and deliberately ignored;
// `unsupported` rows are known statements the model cannot express (reported once).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "parser/junos/junos_draft.h"
#include "parser/junos/path_pattern.h"

namespace routefix::parser::junos {

using Args = std::vector<std::string>;

template <typename Target>
struct Rule {
  PathPattern pattern;
  std::function<void(JunosDraft&, Target&, const SetPath&, const Args&)> apply;  // null: ignore
  std::string unsupported;  // non-empty: known but not modelled
};

template <typename Target>
Rule<Target> on(const char* pattern,
                std::function<void(JunosDraft&, Target&, const SetPath&, const Args&)> fn) {
  return {PathPattern(pattern), std::move(fn), {}};
}
template <typename Target>
Rule<Target> ignore(const char* pattern) {
  return {PathPattern(pattern), nullptr, {}};
}
template <typename Target>
Rule<Target> unsupported(const char* pattern, const char* what) {
  return {PathPattern(pattern), nullptr, what};
}

// Tries the rows on words[from..]; false when none matches.
template <typename Target>
bool dispatch(const std::vector<Rule<Target>>& rules, JunosDraft& d, Target& t, const SetPath& p,
              size_t from) {
  std::vector<std::string> words(p.words.begin() + static_cast<long>(from), p.words.end());
  for (const auto& r : rules) {
    auto args = r.pattern.match(words);
    if (!args) continue;
    if (!r.unsupported.empty()) d.warn(p, "not modelled: " + r.unsupported);
    else if (r.apply) r.apply(d, t, p, *args);
    return true;
  }
  return false;
}

inline uint32_t num(const std::string& s) { return parseUint(s).value_or(0); }
inline model::Ipv4 ip(const std::string& s) { return model::Ipv4::parse(s).value_or(model::Ipv4{}); }

// OSPF area ids are written dotted ("0.0.0.0") or as a number.
inline std::optional<uint32_t> areaId(const std::string& s) {
  if (auto n = parseUint(s)) return n;
  if (auto a = model::Ipv4::parse(s)) return a->value;
  return std::nullopt;
}

// An OSPF interface without a unit is unit 0.
inline std::string unitName(const std::string& name) {
  return name.find('.') == std::string::npos ? name + ".0" : name;
}

// The rows under `policy-options policy-statement P term T from` and `... then`.
const std::vector<Rule<TermDraft>>& fromRules();
const std::vector<Rule<TermDraft>>& thenRules();

}  // namespace routefix::parser::junos
