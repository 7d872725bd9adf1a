// fidelity_score: runs routefix on every snapshot of the real-device corpus and scores its RIBs
// against the devices' own tables (tests/fidelity/README.md). Prints a table per lab and the
// totals; with --floors, fails (exit 1) when a lab matches fewer routes or has more extra routes
// than its committed floor.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <regex>
#include <sstream>

#include "tests/fidelity/fidelity_compare.h"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace routefix::fidelity;

namespace {

// The OS names the corpus READMEs give that routefix claims to read.
const std::set<std::string> kSupportedOs = {"ios", "iosxe", "arista", "cumulus", "frr", "nx", "junos"};

struct Options {
  fs::path routefix, corpus = "tests/fidelity/corpus", floors, updateFloors, exclusions, jsonOut;
  std::string suite;  // "labval", "topotests" or "" for both
  std::set<std::string> labs;
  bool details = false;
};

struct LabResult {
  std::string id;  // "labval/<lab>" or "topotests/<test>"
  std::vector<std::string> unsupportedHosts;
  std::string excluded;  // the reason, when excluded from the totals
  std::string error;     // routefix failed on the snapshot
  size_t unrecognized = 0;
  size_t unmodelled = 0;  // recognised lines reported "not modelled: ..."
  std::vector<HostScore> hosts;
  size_t expected() const {
    size_t n = 0;
    for (const auto& h : hosts) n += h.expected;
    return n;
  }
  size_t matched() const {
    size_t n = 0;
    for (const auto& h : hosts) n += h.matched;
    return n;
  }
  size_t extra() const {
    size_t n = 0;
    for (const auto& h : hosts) n += h.extra;
    return n;
  }
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs routefix with a time bound; returns its stdout and sets `exitCode`.
std::string run(const Options& o, const std::string& args, int& exitCode) {
  std::string cmd = "timeout 120 " + quote(o.routefix.string()) + " " + args + " 2>/dev/null";
  std::string out;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) {
    exitCode = -1;
    return out;
  }
  std::array<char, 65536> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  int status = ::pclose(pipe);
  exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

json readJson(const fs::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  return json::parse(in);
}

// Hosts and their OS from a labval README ("- r1  [arista]").
std::map<std::string, std::string> hostOs(const fs::path& readme) {
  std::map<std::string, std::string> out;
  std::ifstream in(readme);
  static const std::regex line(R"(^- (\S+)\s+\[([^\],]+)[^\]]*\])");
  std::string s;
  std::smatch m;
  while (std::getline(in, s))
    if (std::regex_search(s, m, line)) out[m[1]] = m[2];
  return out;
}

LabResult scoreLab(const Options& o, const std::string& suite, const std::string& name,
                   const json& exclusions) {
  LabResult lab;
  lab.id = suite + "/" + name;
  if (auto it = exclusions.find(lab.id); it != exclusions.end()) lab.excluded = it->get<std::string>();
  fs::path snap = o.corpus / suite / name;
  json expected = readJson(suite == "labval" ? snap / "expected_routes.json"
                                             : o.corpus / suite / "expected" / (name + ".json"));
  std::map<std::string, std::string> os;
  if (suite == "labval") {
    os = hostOs(snap / "README");
    json sourceHosts = expected.value("source", json::object()).value("hosts", json::object());
    for (const auto& [host, v] : sourceHosts.items()) os[host] = v.value("os", os[host]);
    for (const auto& [host, name] : os)
      if (!kSupportedOs.count(name)) lab.unsupportedHosts.push_back(host + "(" + name + ")");
  }
  int rc = 0;
  json parsed = json::parse(run(o, "parse " + quote(snap.string()) + " --format json", rc), nullptr, false);
  if (!parsed.is_discarded())
    for (const auto& w : parsed.value("warnings", json::array())) {
      std::string message = w.value("message", "");
      if (message.find("unrecognized") != std::string::npos) ++lab.unrecognized;
      if (message.rfind("not modelled", 0) == 0) ++lab.unmodelled;
    }
  json ours = json::parse(run(o, "routes " + quote(snap.string()) + " --format json", rc), nullptr, false);
  if (ours.is_discarded() || !ours.is_object()) {
    lab.error = "routefix routes exit " + std::to_string(rc) + ", no JSON";
    ours = json::object();
  }
  for (const auto& [host, node] : expected.at("nodes").items()) {
    HostRules rules;
    std::string hostOsName = os.count(host) ? os[host] : "frr";
    rules.coarse_protocols = suite == "labval" && (hostOsName == "cumulus" || hostOsName == "frr");
    lab.hosts.push_back(scoreHost(host, node.value("routes", json::array()), findNode(ours, host), rules));
  }
  return lab;
}

std::vector<std::string> labNames(const Options& o, const std::string& suite) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(o.corpus / suite)) {
    std::string n = e.path().filename().string();
    if (!e.is_directory() || n == "expected") continue;
    if (!o.labs.empty() && !o.labs.count(n)) continue;
    names.push_back(n);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string percent(size_t a, size_t b) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << (b ? 100.0 * a / b : 100.0) << " %";
  return s.str();
}

void printTable(const std::vector<LabResult>& labs, bool details) {
  std::cout << std::left << std::setw(52) << "lab" << std::right << std::setw(9) << "matched"
            << std::setw(9) << "routes" << std::setw(7) << "extra" << std::setw(8) << "unrec"
            << std::setw(8) << "unmod" << "  note\n";
  for (const auto& l : labs) {
    std::string note = l.error;
    if (!l.excluded.empty()) note += (note.empty() ? "" : "; ") + std::string("excluded: ") + l.excluded;
    if (!l.unsupportedHosts.empty()) {
      note += (note.empty() ? "" : "; ") + std::string("unsupported:");
      for (const auto& h : l.unsupportedHosts) note += " " + h;
    }
    std::cout << std::left << std::setw(52) << l.id << std::right << std::setw(9) << l.matched()
              << std::setw(9) << l.expected() << std::setw(7) << l.extra() << std::setw(8)
              << l.unrecognized << std::setw(8) << l.unmodelled << "  " << note << "\n";
    if (details)
      for (const auto& h : l.hosts)
        for (const auto& m : h.mismatches)
          std::cout << "    " << m.host << " " << m.prefix << ": " << m.detail << "\n";
  }
}

void printTotals(const std::vector<LabResult>& labs) {
  struct Sum { size_t matched = 0, expected = 0, extra = 0, labs = 0; };
  std::map<std::string, Sum> sums;
  for (const auto& l : labs) {
    std::string suite = l.id.substr(0, l.id.find('/'));
    std::vector<std::string> keys{suite + ": all labs"};
    if (suite == "labval" && l.unsupportedHosts.empty()) keys.push_back(suite + ": labs of supported vendors only");
    if (suite == "topotests" && l.excluded.empty()) keys.push_back(suite + ": not excluded");
    for (const auto& k : keys) {
      auto& s = sums[k];
      s.matched += l.matched();
      s.expected += l.expected();
      s.extra += l.extra();
      ++s.labs;
    }
  }
  for (const auto& [k, s] : sums)
    std::cout << "total " << k << " (" << s.labs << "): " << s.matched << "/" << s.expected << " = "
              << percent(s.matched, s.expected) << ", extra " << s.extra << "\n";
}

// One lab a line, so that concurrent changes to different labs merge.
void writeFloors(const fs::path& p, const std::vector<LabResult>& labs, json floors) {
  for (const auto& l : labs) floors[l.id] = {{"matched", l.matched()}, {"extra", l.extra()}};
  std::ofstream out(p);
  out << "{\n";
  size_t i = 0;
  for (const auto& [id, v] : floors.items())
    out << "  " << json(id).dump() << ": " << v.dump() << (++i < floors.size() ? ",\n" : "\n");
  out << "}\n";
}

int checkFloors(const json& floors, const std::vector<LabResult>& labs) {
  int failures = 0;
  for (const auto& l : labs) {
    auto it = floors.find(l.id);
    if (it == floors.end()) {
      std::cout << "no floor yet: " << l.id << "\n";
      continue;
    }
    size_t floorMatched = it->value("matched", 0), floorExtra = it->value("extra", 0);
    if (l.matched() < floorMatched || l.extra() > floorExtra) {
      std::cout << "BELOW FLOOR: " << l.id << " matched " << l.matched() << " (floor "
                << floorMatched << "), extra " << l.extra() << " (floor " << floorExtra << ")\n";
      ++failures;
    }
  }
  return failures;
}

json labJson(const LabResult& l) {
  json hosts = json::array();
  for (const auto& h : l.hosts) {
    json mism = json::array();
    for (const auto& m : h.mismatches) mism.push_back({{"prefix", m.prefix}, {"detail", m.detail}});
    hosts.push_back({{"host", h.host}, {"matched", h.matched}, {"expected", h.expected},
                     {"extra", h.extra}, {"mismatches", mism}});
  }
  return {{"lab", l.id}, {"matched", l.matched()}, {"expected", l.expected()}, {"extra", l.extra()},
          {"unrecognized", l.unrecognized}, {"unmodelled", l.unmodelled}, {"excluded", l.excluded}, {"error", l.error},
          {"unsupported_hosts", l.unsupportedHosts}, {"hosts", hosts}};
}

int usage() {
  std::cerr << "usage: fidelity_score --routefix BIN [--corpus DIR] [--suite labval|topotests]\n"
               "         [--lab NAME]... [--details] [--floors FILE] [--update-floors FILE]\n"
               "         [--exclusions FILE] [--json FILE]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    try {
      if (a == "--routefix") o.routefix = next();
      else if (a == "--corpus") o.corpus = next();
      else if (a == "--suite") o.suite = next();
      else if (a == "--lab") o.labs.insert(next());
      else if (a == "--details") o.details = true;
      else if (a == "--floors") o.floors = next();
      else if (a == "--update-floors") o.updateFloors = next();
      else if (a == "--exclusions") o.exclusions = next();
      else if (a == "--json") o.jsonOut = next();
      else return usage();
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      return usage();
    }
  }
  if (o.routefix.empty()) return usage();
  try {
    json exclusions = o.exclusions.empty() ? json::object() : readJson(o.exclusions);
    std::vector<LabResult> labs;
    for (std::string suite : {"labval", "topotests"}) {
      if (!o.suite.empty() && o.suite != suite) continue;
      for (const auto& name : labNames(o, suite)) labs.push_back(scoreLab(o, suite, name, exclusions));
    }
    printTable(labs, o.details);
    printTotals(labs);
    if (!o.jsonOut.empty()) {
      json all = json::array();
      for (const auto& l : labs) all.push_back(labJson(l));
      std::ofstream(o.jsonOut) << all.dump(1) << "\n";
    }
    if (!o.updateFloors.empty())
      writeFloors(o.updateFloors, labs,
                  fs::exists(o.updateFloors) ? readJson(o.updateFloors) : json::object());
    if (!o.floors.empty()) {
      int failures = checkFloors(readJson(o.floors), labs);
      if (failures) {
        std::cout << failures << " lab(s) below their floor\n";
        return 1;
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "fidelity_score: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
