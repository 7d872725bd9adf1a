#include "anycast/synthetic_internet.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

namespace routefix::anycast {

namespace {

using Rng = std::mt19937_64;

double uniform(Rng& rng) { return std::uniform_real_distribution<double>(0.0, 1.0)(rng); }

size_t pick(Rng& rng, size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); }

double clamp01(double v) { return std::min(0.999, std::max(0.0, v)); }

// Number of providers: mostly single-homed stubs, transit ASes multihomed.
size_t providerCount(Rng& rng, int tier) {
  double r = uniform(rng);
  if (tier == 4) return r < 0.5 ? 1 : r < 0.8 ? 2 : r < 0.95 ? 3 : 4;
  return r < 0.3 ? 2 : r < 0.7 ? 3 : 4;
}

}  // namespace

SyntheticInternet generateInternet(const SyntheticInternetOptions& options) {
  Rng rng(options.seed);
  const size_t n = std::max<size_t>(options.ases, 4);
  const size_t tier1 = std::clamp<size_t>(n / 100, 3, 15);
  const size_t tier2_end = tier1 + std::max<size_t>(1, n * 8 / 100);
  const size_t tier3_end = tier2_end + n * 25 / 100;

  SyntheticInternet net;
  net.tier.resize(n);
  net.x.resize(n);
  net.y.resize(n);
  for (size_t i = 0; i < n; ++i)
    net.tier[i] = i < tier1 ? 1 : i < tier2_end ? 2 : i < tier3_end ? 3 : 4;

  // ASNs: a seeded permutation, so tie-breaks by ASN do not simply favour big networks.
  net.asns.resize(n);
  std::iota(net.asns.begin(), net.asns.end(), Asn{1});
  std::shuffle(net.asns.begin(), net.asns.end(), rng);

  std::set<std::pair<size_t, size_t>> linked;
  auto link = [&](size_t a, size_t b, Relationship rel) {
    if (a == b || !linked.insert(std::minmax(a, b)).second) return false;
    net.links.push_back({net.asns[a], net.asns[b], rel});
    return true;
  };

  for (size_t i = 0; i < tier1; ++i) {
    net.x[i] = uniform(rng);
    net.y[i] = uniform(rng);
    for (size_t j = 0; j < i; ++j) link(j, i, Relationship::PeerToPeer);
  }

  // Preferential attachment: a provider appears in its tier's pool once per customer (+1).
  std::vector<std::vector<size_t>> pool(4);
  for (size_t i = 0; i < tier1; ++i) pool[1].push_back(i);
  std::normal_distribution<double> jitter(0.0, 0.06);
  for (size_t i = tier1; i < n; ++i) {
    int tier = net.tier[i];
    // Networks cluster where other networks are: start near a random earlier AS.
    size_t anchor = pick(rng, i);
    net.x[i] = clamp01(net.x[anchor] + jitter(rng));
    net.y[i] = clamp01(net.y[anchor] + jitter(rng));
    size_t wanted = providerCount(rng, tier);
    for (size_t attempt = 0, got = 0; got < wanted && attempt < wanted * 8; ++attempt) {
      // Providers come from the tiers above; stubs rarely buy from tier-1s directly.
      int from = tier - 1;
      if (tier == 4 && uniform(rng) < 0.35) from = 2;
      if (tier == 4 && uniform(rng) < 0.05) from = 1;
      if (tier == 3 && uniform(rng) < 0.3) from = 1;
      while (pool[from].empty()) --from;
      // Preferential attachment among a few candidates, the nearest one wins: big
      // networks attract customers, but mostly local ones.
      size_t provider = pool[from][pick(rng, pool[from].size())];
      for (int k = 0; k < 3; ++k) {
        size_t other = pool[from][pick(rng, pool[from].size())];
        if (std::hypot(net.x[other] - net.x[i], net.y[other] - net.y[i]) <
            std::hypot(net.x[provider] - net.x[i], net.y[provider] - net.y[i]))
          provider = other;
      }
      if (!link(provider, i, Relationship::ProviderToCustomer)) continue;
      pool[from].push_back(provider);
      ++got;
    }
    if (tier < 4) pool[tier].push_back(i);
  }

  // Peering among transit ASes (and some stubs at exchange points), mostly between
  // neighbours on the map, weighted by size through the same pools.
  std::vector<size_t> transit;
  for (int t = 2; t <= 3; ++t) transit.insert(transit.end(), pool[t].begin(), pool[t].end());
  if (transit.size() >= 2) {
    auto peerings = static_cast<size_t>(options.peering_links_per_as * static_cast<double>(n - tier1) / 2);
    for (size_t made = 0, attempt = 0; made < peerings && attempt < peerings * 10; ++attempt) {
      size_t a = transit[pick(rng, transit.size())];
      size_t b = uniform(rng) < 0.2 ? tier3_end + pick(rng, std::max<size_t>(1, n - tier3_end))
                                    : transit[pick(rng, transit.size())];
      if (b >= n) continue;
      double dist = std::hypot(net.x[a] - net.x[b], net.y[a] - net.y[b]);
      if (dist > 0.25) continue;
      if (link(a, b, Relationship::PeerToPeer)) ++made;
    }
  }
  return net;
}

SyntheticAnycast generateAnycast(const SyntheticInternet& net, const SyntheticAnycastOptions& options) {
  Rng rng(options.seed * 0x9e3779b97f4a7c15ULL + 17);
  const size_t n = net.asns.size();
  SyntheticAnycast out;
  Deployment& d = out.deployment;
  d.origin = options.origin;
  d.prefix = "192.0.2.0/24";
  d.source_file = "synthetic";

  size_t pops = std::max<size_t>(1, options.pops);
  std::vector<double> px, py;
  for (size_t p = 0; p < pops; ++p) {
    d.pops.push_back("pop" + std::to_string(p + 1));
    px.push_back(uniform(rng));
    py.push_back(uniform(rng));
  }
  // Upstreams: transit ASes near the PoP, bigger tiers first.
  std::vector<size_t> transit;
  for (size_t i = 0; i < n; ++i)
    if (net.tier[i] <= 3) transit.push_back(i);
  size_t sessions = std::max(options.sessions, pops);
  for (size_t p = 0; p < pops; ++p) {
    size_t count = sessions / pops + (p < sessions % pops ? 1 : 0);
    std::vector<std::pair<double, size_t>> near;
    for (size_t i : transit) {
      double dist = std::hypot(net.x[i] - px[p], net.y[i] - py[p]) + 0.05 * net.tier[i];
      near.emplace_back(dist, i);
    }
    std::partial_sort(near.begin(), near.begin() + static_cast<long>(std::min(near.size(), count * 3)),
                      near.end());
    std::set<size_t> chosen;
    for (size_t k = 0; chosen.size() < count && k < near.size(); ++k)
      if (uniform(rng) < 0.7 || k + count >= near.size()) chosen.insert(near[k].second);
    for (size_t i : chosen) {
      AnnouncementSession s;
      s.pop = p;
      s.upstream = net.asns[i];
      s.neighbor = "UPSTREAM-AS" + std::to_string(s.upstream);
      s.source = {"synthetic", 0};
      d.sessions.push_back(s);
    }
  }

  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  std::shuffle(order.begin(), order.end(), rng);
  std::set<Asn> upstreams;
  for (const auto& s : d.sessions) upstreams.insert(s.upstream);
  for (size_t k = 0; k < order.size() && out.clients.size() < options.clients; ++k) {
    size_t i = order[k];
    if (upstreams.count(net.asns[i])) continue;
    ClientGroup c;
    c.asn = net.asns[i];
    c.weight = std::round(10.0 / std::pow(1.0 - uniform(rng) * 0.99, 0.8)) / 10.0;  // heavy tail
    double best = 1e9;
    for (size_t p = 0; p < pops; ++p) {
      double dist = std::hypot(net.x[i] - px[p], net.y[i] - py[p]);
      c.latency_ms[p] = std::round((5.0 + 150.0 * dist) * 10.0) / 10.0;
      if (dist < best) {
        best = dist;
        c.target = p;
      }
    }
    c.source = {"synthetic", 0};
    out.clients.push_back(std::move(c));
  }
  return out;
}

std::string asRelText(const SyntheticInternet& net) {
  std::ostringstream out;
  out << "# synthetic AS relationships: as1|as2|rel (-1 = as1 provider of as2, 0 = peers)\n";
  for (const auto& l : net.links)
    out << l.a << '|' << l.b << '|' << (l.rel == Relationship::ProviderToCustomer ? -1 : 0) << "|synthetic\n";
  return out.str();
}

std::string popsJson(const Deployment& d) {
  nlohmann::json pops = nlohmann::json::array();
  for (size_t p = 0; p < d.pops.size(); ++p) {
    nlohmann::json upstreams = nlohmann::json::array();
    for (const auto& s : d.sessions)
      if (s.pop == p) {
        if (s.max_prepend)
          upstreams.push_back({{"asn", s.upstream}, {"max_prepend", *s.max_prepend}});
        else
          upstreams.push_back(s.upstream);
      }
    pops.push_back({{"name", d.pops[p]}, {"upstreams", upstreams}});
  }
  nlohmann::json doc = {{"pops", pops}};
  if (!d.prefix.empty()) doc["prefix"] = d.prefix;
  return doc.dump(1) + "\n";
}

std::string clientsJson(const Deployment& d, const std::vector<ClientGroup>& clients) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : clients) {
    nlohmann::json item = {{"asn", c.asn}, {"weight", c.weight}};
    if (c.target) item["target"] = d.pops[*c.target];
    if (!c.latency_ms.empty()) {
      nlohmann::json lat = nlohmann::json::object();
      for (const auto& [pop, ms] : c.latency_ms) lat[d.pops[pop]] = ms;
      item["latency"] = lat;
    }
    if (c.pinned) item["pinned"] = true;
    list.push_back(item);
  }
  return nlohmann::json({{"clients", list}}).dump() + "\n";
}

std::string clientsCsv(const Deployment& d, const std::vector<ClientGroup>& clients) {
  std::ostringstream out;
  out << "asn,weight,target";
  for (const auto& pop : d.pops) out << ",latency:" << pop;
  out << "\n";
  for (const auto& c : clients) {
    out << c.asn << ',' << c.weight << ',' << (c.target ? d.pops[*c.target] : "");
    for (size_t p = 0; p < d.pops.size(); ++p) {
      out << ',';
      if (auto it = c.latency_ms.find(p); it != c.latency_ms.end()) out << it->second;
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace routefix::anycast
