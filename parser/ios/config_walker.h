// Walks the parse tree of one IOS/FRR config file into a DeviceBuilder.
//
// The grammar recognises lines; this walker decides which block each line belongs to, as the
// IOS CLI does: a statement of the current mode stays in the block, a global statement ends
// it, and an unknown line ends it only when it starts at column 0 (an indented unknown line
// is an unknown sub-command of the block). Every line lands in the model, in the explicit
// ignore list, or in a warning.
#pragma once

#include <string>
#include <vector>

#include "IosParser.h"
#include "IosParserBaseVisitor.h"
#include "parser/ios/device_builder.h"
#include "parser/ios/ignored_statements.h"

namespace routefix::parser::ios {

// The add-path (RFC 7911) statements the simulator does not follow: EOS and NX-OS add-path,
// add-path outside IPv4 unicast, and IOS `bgp additional-paths install` / `select backup|
// best-external` (backup paths kept in the FIB). The others are modelled
// (semantics::addPathSent).
inline constexpr const char* kAddPathNotModelled =
    "not modelled: BGP add-path (RFC 7911) here: this statement changes no path sent or received";

using grammar::ios::IosParser;

// Widens a block's span to a line of its file.
void extendSpan(model::SourceSpan& span, const std::string& file, int line);

class ConfigWalker : public grammar::ios::IosParserBaseVisitor {
 public:
  // `lines`: the file's lines, viewing its text.
  ConfigWalker(DeviceBuilder& out, std::string file, const std::vector<std::string_view>& lines);

  void walk(IosParser::ConfigContext* config);

  // ---- global (config_walker.cpp) ----
  antlrcpp::Any visitHostname(IosParser::HostnameContext* ctx) override;
  antlrcpp::Any visitInterfaceHeader(IosParser::InterfaceHeaderContext* ctx) override;
  antlrcpp::Any visitIpRoute(IosParser::IpRouteContext* ctx) override;
  antlrcpp::Any visitBanner(IosParser::BannerContext* ctx) override;
  antlrcpp::Any visitFrrDefaults(IosParser::FrrDefaultsContext* ctx) override;
  antlrcpp::Any visitSystemRouterId(IosParser::SystemRouterIdContext* ctx) override;
  antlrcpp::Any visitMode_exit_stmt(IosParser::Mode_exit_stmtContext* ctx) override;
  antlrcpp::Any visitVrf_stmt(IosParser::Vrf_stmtContext* ctx) override;
  // ---- interface mode (config_walker.cpp) ----
  antlrcpp::Any visitIfIpAddress(IosParser::IfIpAddressContext* ctx) override;
  antlrcpp::Any visitIfNoIpAddress(IosParser::IfNoIpAddressContext* ctx) override;
  antlrcpp::Any visitIfIpUnnumbered(IosParser::IfIpUnnumberedContext* ctx) override;
  antlrcpp::Any visitIfShutdown(IosParser::IfShutdownContext* ctx) override;
  antlrcpp::Any visitIfBandwidth(IosParser::IfBandwidthContext* ctx) override;
  antlrcpp::Any visitIfOspfCost(IosParser::IfOspfCostContext* ctx) override;
  antlrcpp::Any visitIfOspfProcessArea(IosParser::IfOspfProcessAreaContext* ctx) override;
  antlrcpp::Any visitIfOspfArea(IosParser::IfOspfAreaContext* ctx) override;
  antlrcpp::Any visitIfOspfNetwork(IosParser::IfOspfNetworkContext* ctx) override;
  antlrcpp::Any visitIfOspfPassive(IosParser::IfOspfPassiveContext* ctx) override;
  antlrcpp::Any visitIfAccessGroup(IosParser::IfAccessGroupContext* ctx) override;
  antlrcpp::Any visitIfTunnelSource(IosParser::IfTunnelSourceContext* ctx) override;
  antlrcpp::Any visitIfDelay(IosParser::IfDelayContext* ctx) override;
  antlrcpp::Any visitDescription_stmt(IosParser::Description_stmtContext* ctx) override;
  // ---- IPv6 (config_walker_ipv6.cpp) ----
  antlrcpp::Any visitIpv6UnicastRouting(IosParser::Ipv6UnicastRoutingContext* ctx) override;
  antlrcpp::Any visitIpv6Route(IosParser::Ipv6RouteContext* ctx) override;
  antlrcpp::Any visitIpv6PrefixListEntry(IosParser::Ipv6PrefixListEntryContext* ctx) override;
  antlrcpp::Any visitIpv6PrefixListDescription(IosParser::Ipv6PrefixListDescriptionContext* ctx) override;
  antlrcpp::Any visitIfIpv6Address(IosParser::IfIpv6AddressContext* ctx) override;
  antlrcpp::Any visitIfIpv6LinkLocal(IosParser::IfIpv6LinkLocalContext* ctx) override;
  antlrcpp::Any visitIfNoIpv6Address(IosParser::IfNoIpv6AddressContext* ctx) override;
  // ---- router bgp / router ospf (config_walker_routing.cpp) ----
  antlrcpp::Any visitRouterBgp(IosParser::RouterBgpContext* ctx) override;
  antlrcpp::Any visitRouterOspf(IosParser::RouterOspfContext* ctx) override;
  antlrcpp::Any visitRedistribute(IosParser::RedistributeContext* ctx) override;
  // ---- OSPFv3 (config_walker_ospf6.cpp) ----
  antlrcpp::Any visitRouterOspf6(IosParser::RouterOspf6Context* ctx) override;
  antlrcpp::Any visitIpv6RouterOspf(IosParser::Ipv6RouterOspfContext* ctx) override;
  antlrcpp::Any visitOspf6InterfaceArea(IosParser::Ospf6InterfaceAreaContext* ctx) override;
  antlrcpp::Any visitIfOspf6Area(IosParser::IfOspf6AreaContext* ctx) override;
  antlrcpp::Any visitIfIpv6OspfProcessArea(IosParser::IfIpv6OspfProcessAreaContext* ctx) override;
  antlrcpp::Any visitIfOspf6Cost(IosParser::IfOspf6CostContext* ctx) override;
  antlrcpp::Any visitIfOspf6Network(IosParser::IfOspf6NetworkContext* ctx) override;
  antlrcpp::Any visitIfOspf6Passive(IosParser::IfOspf6PassiveContext* ctx) override;
  // ---- router eigrp (config_walker_eigrp.cpp) ----
  antlrcpp::Any visitRouterEigrp(IosParser::RouterEigrpContext* ctx) override;
  antlrcpp::Any visitEigrpNetwork(IosParser::EigrpNetworkContext* ctx) override;
  antlrcpp::Any visitEigrpDefaultMetric(IosParser::EigrpDefaultMetricContext* ctx) override;
  antlrcpp::Any visitEigrpAddressFamily(IosParser::EigrpAddressFamilyContext* ctx) override;
  antlrcpp::Any visitEigrpAfInterface(IosParser::EigrpAfInterfaceContext* ctx) override;
  antlrcpp::Any visitEigrpAfPassive(IosParser::EigrpAfPassiveContext* ctx) override;
  antlrcpp::Any visitEigrpExitSubmode(IosParser::EigrpExitSubmodeContext* ctx) override;
  antlrcpp::Any visitEigrpTopology(IosParser::EigrpTopologyContext* ctx) override;
  antlrcpp::Any visitEigrpOther(IosParser::EigrpOtherContext* ctx) override;
  antlrcpp::Any visitEigrpDistributeList(IosParser::EigrpDistributeListContext* ctx) override;
  antlrcpp::Any visitMaximumPaths(IosParser::MaximumPathsContext* ctx) override;
  antlrcpp::Any visitDefaultInformation(IosParser::DefaultInformationContext* ctx) override;
  antlrcpp::Any visitRouterId(IosParser::RouterIdContext* ctx) override;
  antlrcpp::Any visitBgpEbgpRequiresPolicy(IosParser::BgpEbgpRequiresPolicyContext* ctx) override;
  antlrcpp::Any visitBgpDefaultIpv4Unicast(IosParser::BgpDefaultIpv4UnicastContext* ctx) override;
  antlrcpp::Any visitBgpDefaultIpv6Unicast(IosParser::BgpDefaultIpv6UnicastContext* ctx) override;
  antlrcpp::Any visitBgpDefaultLocalPreference(IosParser::BgpDefaultLocalPreferenceContext* ctx) override;
  antlrcpp::Any visitBgpImportCheck(IosParser::BgpImportCheckContext* ctx) override;
  antlrcpp::Any visitBgpRedistributeInternal(IosParser::BgpRedistributeInternalContext* ctx) override;
  antlrcpp::Any visitBgpBestpath(IosParser::BgpBestpathContext* ctx) override;
  antlrcpp::Any visitBgpAlwaysCompareMed(IosParser::BgpAlwaysCompareMedContext* ctx) override;
  antlrcpp::Any visitBgpDeterministicMed(IosParser::BgpDeterministicMedContext* ctx) override;
  antlrcpp::Any visitBgpClusterId(IosParser::BgpClusterIdContext* ctx) override;
  antlrcpp::Any visitBgpConfedIdentifier(IosParser::BgpConfedIdentifierContext* ctx) override;
  antlrcpp::Any visitBgpConfedPeers(IosParser::BgpConfedPeersContext* ctx) override;
  antlrcpp::Any visitBgpDistance(IosParser::BgpDistanceContext* ctx) override;
  antlrcpp::Any visitBgpNetwork(IosParser::BgpNetworkContext* ctx) override;
  antlrcpp::Any visitBgpIpv6Network(IosParser::BgpIpv6NetworkContext* ctx) override;
  antlrcpp::Any visitBgpAggregate(IosParser::BgpAggregateContext* ctx) override;
  antlrcpp::Any visitBgpAddressFamily(IosParser::BgpAddressFamilyContext* ctx) override;
  antlrcpp::Any visitBgpNeighborOther(IosParser::BgpNeighborOtherContext* ctx) override;
  antlrcpp::Any visitBgpOther(IosParser::BgpOtherContext* ctx) override;
  antlrcpp::Any visitOspfNetworkWildcard(IosParser::OspfNetworkWildcardContext* ctx) override;
  antlrcpp::Any visitOspfNetworkPrefix(IosParser::OspfNetworkPrefixContext* ctx) override;
  antlrcpp::Any visitOspfPassiveDefault(IosParser::OspfPassiveDefaultContext* ctx) override;
  antlrcpp::Any visitOspfPassiveInterface(IosParser::OspfPassiveInterfaceContext* ctx) override;
  antlrcpp::Any visitOspfAutoCost(IosParser::OspfAutoCostContext* ctx) override;
  antlrcpp::Any visitOspfAreaRange(IosParser::OspfAreaRangeContext* ctx) override;
  antlrcpp::Any visitOspfAreaStub(IosParser::OspfAreaStubContext* ctx) override;
  antlrcpp::Any visitOspfAreaNssa(IosParser::OspfAreaNssaContext* ctx) override;
  antlrcpp::Any visitOspfAreaDefaultCost(IosParser::OspfAreaDefaultCostContext* ctx) override;
  antlrcpp::Any visitOspfDistance(IosParser::OspfDistanceContext* ctx) override;
  antlrcpp::Any visitOspfOther(IosParser::OspfOtherContext* ctx) override;
  // ---- BGP neighbors (config_walker_neighbor.cpp) ----
  antlrcpp::Any visitBgpNeighbor(IosParser::BgpNeighborContext* ctx) override;
  antlrcpp::Any visitBgpNeighborBlock(IosParser::BgpNeighborBlockContext* ctx) override;
  antlrcpp::Any visitBgpListenRange(IosParser::BgpListenRangeContext* ctx) override;
  antlrcpp::Any visitBgpListenLimit(IosParser::BgpListenLimitContext* ctx) override;
  antlrcpp::Any visitBgpNeighborInterface(IosParser::BgpNeighborInterfaceContext* ctx) override;
  antlrcpp::Any visitBgpNeighborBody(IosParser::BgpNeighborBodyContext* ctx) override;
  antlrcpp::Any visitNbrRemoteAs(IosParser::NbrRemoteAsContext* ctx) override;
  antlrcpp::Any visitNbrInterface(IosParser::NbrInterfaceContext* ctx) override;
  antlrcpp::Any visitNbrPeerGroup(IosParser::NbrPeerGroupContext* ctx) override;
  antlrcpp::Any visitNbrUpdateSource(IosParser::NbrUpdateSourceContext* ctx) override;
  antlrcpp::Any visitNbrNextHopSelf(IosParser::NbrNextHopSelfContext* ctx) override;
  antlrcpp::Any visitNbrRouteReflectorClient(IosParser::NbrRouteReflectorClientContext* ctx) override;
  antlrcpp::Any visitNbrRouteMap(IosParser::NbrRouteMapContext* ctx) override;
  antlrcpp::Any visitNbrPrefixList(IosParser::NbrPrefixListContext* ctx) override;
  antlrcpp::Any visitNbrFilterList(IosParser::NbrFilterListContext* ctx) override;
  antlrcpp::Any visitNbrSendCommunity(IosParser::NbrSendCommunityContext* ctx) override;
  antlrcpp::Any visitNbrEbgpMultihop(IosParser::NbrEbgpMultihopContext* ctx) override;
  antlrcpp::Any visitNbrShutdown(IosParser::NbrShutdownContext* ctx) override;
  antlrcpp::Any visitNbrDescription(IosParser::NbrDescriptionContext* ctx) override;
  antlrcpp::Any visitNbrDefaultOriginate(IosParser::NbrDefaultOriginateContext* ctx) override;
  antlrcpp::Any visitNbrAllowasIn(IosParser::NbrAllowasInContext* ctx) override;
  antlrcpp::Any visitNbrWeight(IosParser::NbrWeightContext* ctx) override;
  antlrcpp::Any visitNbrLocalAs(IosParser::NbrLocalAsContext* ctx) override;
  antlrcpp::Any visitNbrActivate(IosParser::NbrActivateContext* ctx) override;
  antlrcpp::Any visitNbrRemovePrivateAs(IosParser::NbrRemovePrivateAsContext* ctx) override;
  antlrcpp::Any visitNbrAsOverride(IosParser::NbrAsOverrideContext* ctx) override;
  antlrcpp::Any visitNbrPassive(IosParser::NbrPassiveContext* ctx) override;
  antlrcpp::Any visitNbrLocalRole(IosParser::NbrLocalRoleContext* ctx) override;
  antlrcpp::Any visitNbrAddpathTx(IosParser::NbrAddpathTxContext* ctx) override;
  // ---- lists, route-maps, access-lists (config_walker_policy.cpp) ----
  antlrcpp::Any visitPrefixListEntry(IosParser::PrefixListEntryContext* ctx) override;
  antlrcpp::Any visitPrefixListDescription(IosParser::PrefixListDescriptionContext* ctx) override;
  antlrcpp::Any visitPrefixListHeader(IosParser::PrefixListHeaderContext* ctx) override;
  antlrcpp::Any visitPrefix_list_block_stmt(IosParser::Prefix_list_block_stmtContext* ctx) override;
  antlrcpp::Any visitCommunityListTyped(IosParser::CommunityListTypedContext* ctx) override;
  antlrcpp::Any visitCommunityListUntyped(IosParser::CommunityListUntypedContext* ctx) override;
  antlrcpp::Any visitTextCommunityList(IosParser::TextCommunityListContext* ctx) override;
  antlrcpp::Any visitAsPathListEntry(IosParser::AsPathListEntryContext* ctx) override;
  antlrcpp::Any visitAccessListEntry(IosParser::AccessListEntryContext* ctx) override;
  antlrcpp::Any visitAccessListRemark(IosParser::AccessListRemarkContext* ctx) override;
  antlrcpp::Any visitIpAccessListHeader(IosParser::IpAccessListHeaderContext* ctx) override;
  antlrcpp::Any visitAclBlockEntry(IosParser::AclBlockEntryContext* ctx) override;
  antlrcpp::Any visitAclBlockRemark(IosParser::AclBlockRemarkContext* ctx) override;
  antlrcpp::Any visitRouteMapHeader(IosParser::RouteMapHeaderContext* ctx) override;
  antlrcpp::Any visitMatchIpPrefixList(IosParser::MatchIpPrefixListContext* ctx) override;
  antlrcpp::Any visitMatchIpAccessList(IosParser::MatchIpAccessListContext* ctx) override;
  antlrcpp::Any visitMatchNextHopPrefixList(IosParser::MatchNextHopPrefixListContext* ctx) override;
  antlrcpp::Any visitMatchIpv6PrefixList(IosParser::MatchIpv6PrefixListContext* ctx) override;
  antlrcpp::Any visitMatchCommunity(IosParser::MatchCommunityContext* ctx) override;
  antlrcpp::Any visitMatchTextCommunity(IosParser::MatchTextCommunityContext* ctx) override;
  antlrcpp::Any visitMatchAsPath(IosParser::MatchAsPathContext* ctx) override;
  antlrcpp::Any visitMatchTag(IosParser::MatchTagContext* ctx) override;
  antlrcpp::Any visitMatchInterface(IosParser::MatchInterfaceContext* ctx) override;
  antlrcpp::Any visitMatchMetric(IosParser::MatchMetricContext* ctx) override;
  antlrcpp::Any visitMatchSourceProtocol(IosParser::MatchSourceProtocolContext* ctx) override;
  antlrcpp::Any visitMatchPeer(IosParser::MatchPeerContext* ctx) override;
  antlrcpp::Any visitMatchOther(IosParser::MatchOtherContext* ctx) override;
  antlrcpp::Any visitSetLocalPreference(IosParser::SetLocalPreferenceContext* ctx) override;
  antlrcpp::Any visitSetMetric(IosParser::SetMetricContext* ctx) override;
  antlrcpp::Any visitSetWeight(IosParser::SetWeightContext* ctx) override;
  antlrcpp::Any visitSetCommunityNone(IosParser::SetCommunityNoneContext* ctx) override;
  antlrcpp::Any visitSetCommunity(IosParser::SetCommunityContext* ctx) override;
  antlrcpp::Any visitSetCommListDelete(IosParser::SetCommListDeleteContext* ctx) override;
  antlrcpp::Any visitSetTextCommunity(IosParser::SetTextCommunityContext* ctx) override;
  antlrcpp::Any visitSetAsPathPrependLastAs(IosParser::SetAsPathPrependLastAsContext* ctx) override;
  antlrcpp::Any visitSetAsPathPrepend(IosParser::SetAsPathPrependContext* ctx) override;
  antlrcpp::Any visitSetAsPathExclude(IosParser::SetAsPathExcludeContext* ctx) override;
  antlrcpp::Any visitSetNextHop(IosParser::SetNextHopContext* ctx) override;
  antlrcpp::Any visitSetTag(IosParser::SetTagContext* ctx) override;
  antlrcpp::Any visitSetOrigin(IosParser::SetOriginContext* ctx) override;
  antlrcpp::Any visitSetMetricType(IosParser::SetMetricTypeContext* ctx) override;
  antlrcpp::Any visitSetOther(IosParser::SetOtherContext* ctx) override;
  antlrcpp::Any visitContinue(IosParser::ContinueContext* ctx) override;
  antlrcpp::Any visitOnMatchNext(IosParser::OnMatchNextContext* ctx) override;
  antlrcpp::Any visitOnMatchGoto(IosParser::OnMatchGotoContext* ctx) override;
  antlrcpp::Any visitCall(IosParser::CallContext* ctx) override;

 private:
  // NxNeighbor / NxNeighborAf: NX-OS `neighbor X` blocks and their address families, whose
  // statements are neighbor settings without the `neighbor X` prefix.
  enum class Mode {
    Global, Interface, Bgp, BgpAddressFamily, Ospf, Eigrp, RouteMap, AccessList, PrefixList,
    NxNeighbor, NxNeighborAf, VrfDefinition, IgnoredBlock
  };

  void handleLine(IosParser::LineContext* line);
  void handleStatement(IosParser::StatementContext* stmt);
  void handleUnrecognized();
  bool modeAccepts(IosParser::StatementContext* stmt) const;
  IgnoreScope ignoreScope() const;
  // Grows the span of the block being configured (interface, process, clause, list) to
  // the current line; `statement`: the line is one of the block's statements (not `exit`).
  void extendBlock(bool statement = true);
  // Skips the lines indented below the current one; `resume`: the mode after them (a VRF
  // block inside router bgp resumes router bgp).
  void enterIgnoredBlock(Mode resume = Mode::Global);
  // EOS and NX-OS nest blocks by indentation only (no `exit-address-family`): a line at or
  // left of a nested block's header closes it.
  void closeIndentedBlocks();
  void openNeighborBlock();
  bool inNeighborBlock() const { return mode_ == Mode::NxNeighbor || mode_ == Mode::NxNeighborAf; }
  void addPrefixListEntry(const std::string& name, model::PrefixListEntry e,
                          antlr4::tree::TerminalNode* seq);

  model::SourceSpan here() const { return {file_, line_, line_}; }
  void warn(const std::string& message);
  void warnUnrecognized() { warn("unrecognized syntax"); }
  // Whether the file's dialect has the statement at hand (an FRR-only one, say); where it
  // does not, the line is unrecognized, as the device would reject it.
  bool dialectHas(std::initializer_list<model::Vendor> dialects) {
    for (auto d : dialects)
      if (out_.dialect() == d) return true;
    warnUnrecognized();
    return false;
  }
  // An as-path or expanded community-list regex that does not compile (list: "as-path list X").
  void warnIfInvalidRegex(const std::string& pattern, const std::string& list);
  // Source text from a token to the end of its line (descriptions, regexes).
  std::string textFrom(antlr4::Token* token) const;
  // The source text after the word `token` (as written: it may be an abbreviation).
  std::string textAfter(antlr4::Token* token) const;

  model::Interface& currentInterface();
  // What `ip route` and `ipv6 route` share: `[DISTANCE] [tag N]` after the target, and the
  // VRF the route is in (`vrf X` in the statement, or the VRF block it stands in; "" none).
  void readStaticOptions(const std::vector<IosParser::Static_optionContext*>& options, uint32_t& distance,
                         uint32_t& tag) const;
  std::string staticRouteVrf(antlr4::tree::TerminalNode* vrfKeyword, IosParser::NameContext* name) const;
  model::BgpProcess& currentBgp() { return out_.currentBgp(); }
  model::OspfProcess& currentOspf() { return out_.currentOspf(); }
  model::OspfAreaSettings& ospfAreaSettings(IosParser::Area_idContext* area);
  // The EIGRP process being configured; a named `router eigrp NAME` has none until its
  // `address-family ipv4 ... autonomous-system N`.
  model::EigrpProcess& currentEigrp();
  void closeEigrpAddressFamily();
  // Opens the device's OSPFv3 process (one per device, as OSPFv2's) for the block that follows.
  void openOspf6(uint32_t processId, bool inVrf);
  // `interface X area A` (FRR, under router ospf6), `ipv6 ospf6 area A`, `ipv6 ospf N area A`.
  void setOspf6Area(model::Interface& itf, IosParser::Area_idContext* area);
  // Parts of the EIGRP statements other modes share: `network A` (classful), `[no]
  // passive-interface default|X`.
  void addEigrpNetwork(model::WildcardMatch match);
  // ---- VRFs (config_walker_vrf.cpp) ----
  void putInVrf(model::Interface& i, const std::string& vrf);
  // A line at column 0 that opens a VRF definition block: enters it.
  bool openVrfDefinition(const std::vector<std::string>& words);
  void handleVrfDefinitionLine(IosParser::LineContext* ctx, const std::vector<std::string>& words);
  // `rd X` and `route-target import|export|both X`: true when the line is one of them.
  bool recordVrfAttribute(const std::vector<std::string>& words, model::Vrf& v);
  bool recordVrfImport(const std::vector<std::string>& words);
  // FRR `rd vpn export X`, `rt vpn import|export|both X...`, `export vpn`, `import vpn`,
  // `label vpn export ...` in a VRF instance's address family: true when the line is one.
  bool recordVpnPolicy(const std::vector<std::string>& words);
  // `neighbor X activate` inside the VPNv4 address family: true when `bgp` is one.
  bool recordVpnActivation(IosParser::Bgp_stmtContext* bgp);
  // The BGP statements that follow configure the VRF's instance, until leaveBgpVrf().
  void enterBgpVrf(const std::string& vrf, bool byAddressFamily);
  void leaveBgpVrf();
  model::PolicyClause& currentClause();
  // Records a neighbor statement: its line under `keyword`, and the neighbor's span.
  void noteNeighborStatement(const std::string& keyword);
  // `[no] neighbor X advertise-map A exist-map|non-exist-map C`; words[skip] is advertise-map.
  void readAdvertiseMap(const std::vector<std::string>& words, size_t skip);
  bool readAdditionalPaths(const std::vector<std::string>& words, size_t skip);
  void readProcessAdditionalPaths(const std::vector<std::string>& words, size_t at);
  bool addPathModelledHere();
  void selectDefinedNeighbor(const std::string& id);
  // ---- BGP's IPv6 unicast address family (config_walker_bgp_ipv6.cpp) ----
  // The statements modelled inside it; the others are warnings there.
  bool ipv6FamilyTakes(IosParser::StatementContext* stmt) const;
  // `neighbor X SETTING` inside it: into the neighbor's BgpNeighborIpv6.
  void setIpv6NeighborSetting(IosParser::Neighbor_settingContext* setting);
  void noteIpv6NeighborStatement(const std::string& keyword);
  void addPolicyMatch(model::PolicyMatch match);
  void addPolicySet(model::PolicySet set);
  // Records the current line as a statement of a list or route-map (see FileStructures).
  void noteStructureLine(const std::string& key);

  DeviceBuilder& out_;
  FileStructures structures_;  // handed to out_ when the file is done
  std::string file_;
  const std::vector<std::string_view>& lines_;
  std::string currentLine() const { return std::string(lines_[line_ - 1]); }

  Mode mode_ = Mode::Global;
  int line_ = 0;              // line being handled
  size_t column_ = 0;         // its indentation
  size_t block_column_ = 0;   // indentation of an ignored block's header
  Mode resume_mode_ = Mode::Global;  // after the ignored block
  size_t af_column_ = 0;        // indentation of the open `address-family` (EOS, NX-OS)
  bool ospf6_ = false;  // the open OSPF block is OSPFv3's (router ospf6, ipv6 router ospf N)
  bool eigrp_open_ = false;      // router eigrp: a process (classic, or a named one's family) is open
  bool eigrp_classic_ = false;   // the open `router eigrp` is classic (`router eigrp N`)
  std::string eigrp_vrf_;        // the open address family is this VRF's process ("" none)
  std::string eigrp_af_interface_;  // named mode: the open `af-interface X` ("default": all)
  size_t neighbor_column_ = 0;  // of the open NX-OS `neighbor X` block
  size_t neighbor_af_column_ = 0;
  // false inside address families other than IPv4 and IPv6 unicast
  bool address_family_modelled_ = true;
  bool address_family_ipv6_ = false;  // inside router bgp's IPv6 unicast address family
  // The open address family is VPNv4 unicast (IOS `vpnv4`, EOS `vpn-ipv4`, FRR `ipv4 vpn`).
  bool vpn_af_ = false;
  std::string frr_bgp_vrf_;  // FRR: the VRF of the open `router bgp N vrf X` ("" none)
  std::string interface_;
  std::string route_map_;
  uint32_t clause_seq_ = 0;
  std::string access_list_;
  std::string prefix_list_;
  model::BgpNeighbor* neighbor_ = nullptr;  // target of the neighbor statement being handled
  bool negated_ = false;                    // `no neighbor ...`
  std::string vrf_;          // the VRF whose definition block is open
  bool vrf_af_ipv4_ = true;  // in that block, outside a non-IPv4 address family
  model::BgpProcess* router_bgp_ = nullptr;  // the instance the open `router bgp` line selected
  std::string bgp_vrf_;      // the VRF whose BGP block is open inside router bgp ("" none)
  bool bgp_vrf_by_af_ = false;  // opened by IOS `address-family ipv4 vrf X` (closes with it)
  size_t bgp_vrf_column_ = 0;   // indentation of the EOS / NX-OS `vrf X` line
};

}  // namespace routefix::parser::ios
