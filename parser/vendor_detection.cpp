// Vendor detection from content (spec.md: "vendor detected from content"). The families
// look nothing alike once a few lines are read, so a vote over distinctive lines is enough;
// the parsers themselves report whatever the vote got wrong as unrecognised lines. Arista
// EOS and NX-OS write FRR-like `A/len` addresses, so their own markers must outvote those.
#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <string_view>

#include "parser/parser.h"

namespace routefix::parser {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// `A.B.C.D/len` as the first token of `rest` (FRR writes addresses and prefixes this way,
// IOS never does for interface addresses, static routes or `network`).
bool startsWithSlashPrefix(std::string_view rest) {
  size_t i = 0, dots = 0, digits = 0;
  for (; i < rest.size(); ++i) {
    char c = rest[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      ++digits;
    } else if (c == '.') {
      ++dots;
    } else {
      break;
    }
  }
  return dots == 3 && digits >= 4 && i < rest.size() && rest[i] == '/';
}

// Junos top-level stanzas, for the `set` form.
constexpr std::array<std::string_view, 15> kJunosStanzas = {
    "system ",        "interfaces ",        "protocols ",     "policy-options ",
    "routing-options ", "version ",         "firewall ",      "snmp ",
    "chassis ",       "groups ",            "apply-groups ",  "routing-instances ",
    "security ",      "services ",          "forwarding-options "};

// FRR's per-daemon file names (the split config of `vtysh` and older installs).
constexpr std::array<std::string_view, 9> kFrrFileNames = {
    "frr.conf",  "zebra.conf",  "bgpd.conf",  "ospfd.conf", "staticd.conf",
    "ripd.conf", "isisd.conf",  "bfdd.conf",  "vtysh.conf"};

struct Votes {
  int junos = 0;
  int frr = 0;
  int ios = 0;
  int eos = 0;
  int nxos = 0;
  bool frr_certain = false;
  bool junos_certain = false;
};

// Lines only EOS writes: its banner comment, agent model, Arista-only features.
bool eosLine(std::string_view line) {
  return (startsWith(line, "! device: ") &&
          (line.find("EOS") != std::string_view::npos || line.find("DCS-") != std::string_view::npos)) ||
         startsWith(line, "service routing protocols model") ||
         startsWith(line, "management api http-commands") || startsWith(line, "daemon TerminAttr") ||
         startsWith(line, "transceiver qsfp default-mode") || startsWith(line, "interface Management1") ||
         startsWith(line, "ip virtual-router ") || startsWith(line, "mlag configuration") ||
         startsWith(line, "management api ") || startsWith(line, "vrf instance ") ||
         startsWith(line, "peer-filter ");
}

// Lines only NX-OS writes: `feature X`, vdc and vrf-context stanzas, its boot line.
bool nxosLine(std::string_view line) {
  return startsWith(line, "feature ") || startsWith(line, "vdc ") ||
         startsWith(line, "vrf context ") || startsWith(line, "boot nxos ") ||
         startsWith(line, "!Command: show running-config") || startsWith(line, "copp profile ") ||
         line == "interface mgmt0" || startsWith(line, "system default switchport");
}

void voteLine(std::string_view raw, Votes& v) {
  std::string_view line = trim(raw);
  if (line.empty()) return;
  bool indented = std::isspace(static_cast<unsigned char>(raw.front()));

  // Junos: `version 20.4R3.8;`, `set <stanza> ...`, `stanza {`, `leaf value;`, `}`.
  if (!indented && startsWith(line, "version ") && line.back() == ';') v.junos_certain = true;
  if (!indented && startsWith(line, "set ")) {
    std::string_view rest = line.substr(4);
    for (auto stanza : kJunosStanzas)
      if (startsWith(rest, stanza)) {
        v.junos += 2;
        break;
      }
  }
  if (line.back() == '{' || line == "}" || (line.back() == ';' && line.front() != '!')) ++v.junos;

  if (!indented && eosLine(line)) v.eos += 5;
  if (!indented && nxosLine(line)) v.nxos += 5;

  // FRR: its own version banner and defaults are conclusive.
  if (startsWith(line, "frr version") || startsWith(line, "frr defaults") ||
      line == "service integrated-vtysh-config") {
    v.frr_certain = true;
    return;
  }
  if (startsWith(line, "ip address ")) {
    if (startsWithSlashPrefix(line.substr(11)))
      v.frr += 3;
    else
      v.ios += 3;
  } else if (startsWith(line, "ip route ")) {
    if (startsWithSlashPrefix(line.substr(9)))
      v.frr += 3;
    else
      v.ios += 3;
  } else if (startsWith(line, "network ")) {
    // `network A/len` (FRR BGP, FRR OSPF) vs `network A mask M` / `network A W area X` (IOS).
    if (startsWithSlashPrefix(line.substr(8)))
      ++v.frr;
    else
      ++v.ios;
  } else if (line.find("bgp ebgp-requires-policy") != std::string_view::npos ||
             line.ends_with("remote-as external") || line.ends_with("remote-as internal") ||
             startsWith(line, "ip ospf area ") || line == "exit-vrf" ||
             startsWith(line, "log syslog") || line == "ip forwarding" ||
             line == "ipv6 forwarding") {
    v.frr += 2;
  } else if (line == "exit" && !indented) {
    ++v.frr;  // FRR 8 closes every top-level block with `exit`
  } else if (startsWith(line, "service timestamps") || startsWith(line, "service password") ||
             line == "ip cef" || line == "no ip domain-lookup" || line == "no ip domain lookup" ||
             startsWith(line, "version 1") || startsWith(line, "boot-") ||
             startsWith(line, "line con ") || startsWith(line, "interface GigabitEthernet") ||
             startsWith(line, "interface FastEthernet") ||
             startsWith(line, "interface TenGigabitEthernet") || line == "end") {
    ++v.ios;
  }
}

}  // namespace

model::Vendor detectVendor(const std::vector<ConfigFile>& files) {
  Votes v;
  for (const auto& f : files) {
    std::string name = std::filesystem::path(f.path).filename().string();
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (std::find(kFrrFileNames.begin(), kFrrFileNames.end(), name) != kFrrFileNames.end())
      v.frr_certain = true;

    std::string_view text = f.text;
    while (!text.empty()) {
      size_t end = text.find('\n');
      voteLine(text.substr(0, end), v);
      if (end == std::string_view::npos) break;
      text.remove_prefix(end + 1);
    }
  }
  if (v.junos_certain) return model::Vendor::Junos;
  // Braces and semicolons dominate a Junos file; in IOS/FRR they appear only inside banners,
  // descriptions or regexes, so a clear majority is required.
  if (v.junos > 2 * (v.frr + v.ios) + 2 && !v.frr_certain) return model::Vendor::Junos;
  if (!v.frr_certain && (v.eos || v.nxos)) return v.nxos > v.eos ? model::Vendor::Nxos : model::Vendor::Eos;
  if (v.frr_certain || v.frr > v.ios) return model::Vendor::Frr;
  return model::Vendor::Ios;
}

}  // namespace routefix::parser
