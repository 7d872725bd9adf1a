// `routing-instances R ...`: what makes an instance a VRF besides its routing (which the
// master's rows read, see instanceRouting in statement_table.cpp).
#include "parser/junos/junos_draft.h"
#include "parser/junos/statement_rules.h"

namespace routefix::parser::junos {

namespace {

// `target:65000:1` as IOS writes it: `65000:1`.
std::string targetValue(const std::string& written) {
  return written.rfind("target:", 0) == 0 ? written.substr(7) : written;
}

const std::vector<Rule<InstanceDraft>>& instanceRules() {
  using I = InstanceDraft;
  static const std::vector<Rule<I>> rules = {
      on<I>("instance-type <w>", [](JunosDraft& d, I&, const SetPath& p, const Args& a) {
        // Both route on their own over their interfaces; the other types carry layer 2 or
        // steer by filter.
        if (a[0] != "virtual-router" && a[0] != "vrf")
          d.warn(p, "not modelled: routing-instances of instance-type " + a[0] +
                        " (routed as a virtual router)");
      }),
      on<I>("interface <w> ...", [](JunosDraft& d, I& i, const SetPath&, const Args& a) {
        d.interface_instance[unitName(a[0])] = i.vrf.name;
      }),
      on<I>("route-distinguisher <w>", [](JunosDraft&, I& i, const SetPath& p, const Args& a) {
        i.vrf.route_distinguisher = a[0];
        i.vrf.route_distinguisher_span = {p.file, p.line, p.line};
      }),
      on<I>("vrf-target import <w>", [](JunosDraft&, I& i, const SetPath& p, const Args& a) {
        i.vrf.import_targets.push_back({targetValue(a[0]), {p.file, p.line, p.line}});
      }),
      on<I>("vrf-target export <w>", [](JunosDraft&, I& i, const SetPath& p, const Args& a) {
        i.vrf.export_targets.push_back({targetValue(a[0]), {p.file, p.line, p.line}});
      }),
      on<I>("vrf-target <w>", [](JunosDraft&, I& i, const SetPath& p, const Args& a) {
        model::RouteTarget t{targetValue(a[0]), {p.file, p.line, p.line}};
        i.vrf.import_targets.push_back(t);
        i.vrf.export_targets.push_back(t);
      }),
      ignore<I>("description ..."),
      ignore<I>("vrf-table-label"),
      unsupported<I>("vrf-import ...", "VRF import policies (leaking between VRFs)"),
      unsupported<I>("vrf-export ...", "VRF export policies (leaking between VRFs)"),
  };
  return rules;
}

}  // namespace

bool instanceStatement(JunosDraft& d, InstanceDraft& instance, const SetPath& p) {
  instance.vrf.name = p.words[1];
  d.coverPath(instance.vrf.span, p, 1);
  return p.words.size() > 2 && dispatch(instanceRules(), d, instance, p, 2);
}

}  // namespace routefix::parser::junos
