#include "repair/junos_patch_printer.h"

#include <algorithm>

namespace routefix::repair {

namespace {

using symsim::KnobKind;

// The word without Junos' statement terminator.
std::string bare(const std::string& word) {
  return !word.empty() && word.back() == ';' ? word.substr(0, word.size() - 1) : word;
}

// Replaces the word at `index`, keeping a trailing ';' if it had one.
std::string replaceKeepingTerminator(const std::string& line, const std::vector<std::string>& words,
                                     size_t index, const std::string& word) {
  bool terminated = !words[index].empty() && words[index].back() == ';';
  return replaceWord(line, index, word + (terminated ? ";" : ""));
}

std::string where(const model::SourceSpan& span) { return span.file + ":" + std::to_string(span.first_line); }

}  // namespace

bool JunosPatchPrinter::apply(const model::Device& d, const symsim::Knob& k, int64_t value, std::string& why) {
  switch (k.kind) {
    case KnobKind::ClauseAction: return termAction(d, k, value != 0, why);
    case KnobKind::SetValue: return setValue(d, k, value, why);
    case KnobKind::PrependCount: return prepend(d, k, value, why);
    default: break;
  }
  why = "no Junos patch printer for " + symsim::knobKindName(k.kind) + " (it would add statements)";
  return false;
}

// The term's `then accept` / `then reject` line, which the parser recorded.
bool JunosPatchPrinter::termAction(const model::Device& d, const symsim::Knob& k, bool accept,
                                   std::string& why) {
  const auto& clause = d.route_policies.at(k.policy).clauses[k.clause];
  const auto& span = clause.action_span;
  std::string line = edits_.line(span.file, span.first_line);
  auto words = splitWords(line);
  auto action = std::find_if(words.rbegin(), words.rend(), [](const std::string& w) {
    return bare(w) == "accept" || bare(w) == "reject";
  });
  if (!span.known() || action == words.rend()) {
    why = "no accept/reject action in term " + clause.name + " of " + k.policy;
    return false;
  }
  size_t index = static_cast<size_t>(words.rend() - action) - 1;
  edits_.replace(span.file, span.first_line, replaceKeepingTerminator(line, words, index, accept ? "accept" : "reject"));
  return true;
}

bool JunosPatchPrinter::setValue(const model::Device& d, const symsim::Knob& k, int64_t value, std::string& why) {
  const auto& set = d.route_policies.at(k.policy).clauses[k.clause].sets[k.set_index];
  std::string line = edits_.line(set.span.file, set.span.first_line);
  auto words = splitWords(line);
  auto keyword = std::find_if(words.begin(), words.end(), [](const std::string& w) {
    return w == "local-preference" || w == "metric";
  });
  if (keyword == words.end() || keyword + 1 == words.end() || bare(*(keyword + 1)).empty()) {
    why = "value statement not found at " + where(set.span);
    return false;
  }
  size_t index = static_cast<size_t>(keyword - words.begin()) + 1;
  // `metric add 5` / `local-preference subtract 5`: the value follows the operator.
  if (bare(words[index]) == "add" || bare(words[index]) == "subtract") ++index;
  if (index >= words.size()) {
    why = "value statement not found at " + where(set.span);
    return false;
  }
  edits_.replace(set.span.file, set.span.first_line,
                 replaceKeepingTerminator(line, words, index, std::to_string(value)));
  return true;
}

bool JunosPatchPrinter::prepend(const model::Device& d, const symsim::Knob& k, int64_t count, std::string& why) {
  const auto& set = d.route_policies.at(k.policy).clauses[k.clause].sets[k.set_index];
  std::string line = edits_.line(set.span.file, set.span.first_line);
  size_t at = line.find("as-path-prepend");
  if (at == std::string::npos) {
    why = "as-path-prepend not found at " + where(set.span);
    return false;
  }
  if (count == 0) {
    edits_.remove(set.span.file, set.span.first_line);
    return true;
  }
  uint32_t asn = set.asns.empty() ? d.bgp->asn : set.asns.front();
  std::string list;
  for (int64_t i = 0; i < count; ++i) list += (i ? " " : "") + std::to_string(asn);
  bool terminated = line.find(';', at) != std::string::npos;
  edits_.replace(set.span.file, set.span.first_line,
                 line.substr(0, at) + "as-path-prepend \"" + list + "\"" + (terminated ? ";" : ""));
  return true;
}

}  // namespace routefix::repair
