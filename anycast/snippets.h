// Router configuration that applies a prepend vector at the announcing routers: per PoP,
// one outbound policy per upstream session (FRR and IOS route-maps with
// `set as-path prepend`, a Junos policy-statement with `as-path-prepend`).
#pragma once

#include <map>
#include <string>

#include "anycast/deployment.h"

namespace routefix::anycast {

struct PopSnippets {
  std::string frr;
  std::string ios;
  std::string junos;
};

// Keyed by PoP name. Sessions with prepend 0 still get a policy that passes the prefix
// unchanged, so applying the snippet also resets an earlier prepend.
std::map<std::string, PopSnippets> configSnippets(const Deployment& deployment, const PrependVector& prepends);

}  // namespace routefix::anycast
