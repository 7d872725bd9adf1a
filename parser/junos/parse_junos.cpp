// parseJunos: files -> set-paths (either form) -> groups expanded -> statement table ->
// model device with Junos defaults.
#include "parser/junos/groups.h"
#include "parser/junos/junos_draft.h"
#include "parser/junos/set_path.h"
#include "parser/parser.h"

namespace routefix::parser {

DeviceParse parseJunos(const std::vector<ConfigFile>& files) {
  junos::JunosDraft draft;
  draft.device.vendor = model::Vendor::Junos;
  draft.device.defaults = model::VendorDefaults::forVendor(model::Vendor::Junos);
  draft.device.ipv6_unicast_routing = draft.device.defaults.ipv6_unicast_routing;
  std::vector<junos::SetPath> paths;
  for (const auto& f : files) {
    draft.device.files.push_back(f.path);
    draft.file_lines.emplace(f.path, junos::TextLines(f.text));
    auto flat = junos::flattenFile(f);
    for (auto& w : flat.warnings) draft.warnings.push_back(std::move(w));
    for (auto& p : flat.paths) paths.push_back(std::move(p));
  }
  for (const auto& p : paths)
    if (!p.words.empty() && p.words[0] == "groups")
      for (int l : p.word_lines) draft.group_lines.insert({p.file, l});
  auto expanded = junos::expandGroups(paths, draft.warnings);
  for (auto& w : draft.warnings)
    if (auto lines = draft.file_lines.find(w.file); w.text.empty() && lines != draft.file_lines.end())
      w.text = lines->second.line(w.line);
  junos::walkStatements(expanded, draft);
  junos::assembleDevice(draft);
  return {std::move(draft.device), std::move(draft.warnings)};
}

}  // namespace routefix::parser
