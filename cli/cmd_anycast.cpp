// routefix anycast simulate|optimize|batch: catchments and AS-path prepending on an AS graph.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "anycast/batch.h"
#include "anycast/report.h"
#include "anycast/snippets.h"
#include "cli/command.h"
#include "cli/input_options.h"
#include "cli/output_file.h"
#include "cluster/process_group.h"
#include "draw/catchment_chart.h"
#include "model/input_error.h"

namespace routefix::cli {
namespace {

using namespace routefix::anycast;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

struct AnycastArgs {
  std::string graph, pops, clients, prepend_file, format = "text", tie_break = "lowest-id";
  std::string objective = "satisfied", jobs, solver = "auto", chart;
  uint32_t origin = 0;
  int max_prepend = 3;
  double timeout = 60;
  bool timing = false, force = false;
  int repeat = 1;
  unsigned threads = 1;

  OutFile chartFile() const { return {.path = chart, .option = "--chart", .snapshot = {}, .force = force}; }
};

// The inputs every subcommand shares, loaded and cross-checked.
struct Inputs {
  AsGraph graph;
  Deployment deployment;
  std::vector<ClientGroup> clients;
};

Inputs loadInputs(const AnycastArgs& a) {
  auto start = Clock::now();
  Inputs in{loadAsRelationships(a.graph), loadDeployment(a.pops, a.origin), {}};
  if (!a.clients.empty()) in.clients = loadClients(a.clients, in.deployment);
  checkAgainstGraph(in.graph, in.deployment, in.clients);
  if (a.timing)
    std::cerr << "anycast: graph " << in.graph.size() << " ASes, " << in.graph.linkCount() << " links; inputs loaded in "
              << std::fixed << std::setprecision(1) << msSince(start) << " ms\n";
  return in;
}

void addCommonOptions(CLI::App& sub, AnycastArgs& a) {
  sub.add_option("--graph", a.graph, "CAIDA AS-relationship file (as1|as2|rel, .gz/.bz2 accepted)")->required();
  sub.add_option("--origin", a.origin, "ASN that originates the anycast prefix")->required()->check(CLI::Range(1u, 4294967295u));
  sub.add_option("--pops", a.pops, "PoPs and their upstream sessions (YAML/JSON)")->required();
  sub.add_option("--tie-break", a.tie_break, "lowest-id | keep-all")->check(CLI::IsMember({"lowest-id", "keep-all"}));
  sub.add_option("--format", a.format, "text | json")->check(CLI::IsMember({"text", "json"}));
}

std::string popList(const Deployment& d, const std::vector<size_t>& pops) {
  if (pops.empty()) return "(no route)";
  std::string out;
  for (size_t p : pops) out += (out.empty() ? "" : ",") + d.pops[p];
  return out;
}

void printPrepends(const Deployment& d, const PrependVector& p) {
  std::cout << "prepends:\n";
  for (size_t s = 0; s < d.sessions.size(); ++s)
    std::cout << "  " << std::left << std::setw(12) << d.pops[d.sessions[s].pop] << " AS" << std::setw(10)
              << d.sessions[s].upstream << " " << p[s] << "\n";
}

void printCatchment(const Deployment& d, const std::vector<ClientGroup>& clients,
                    const std::vector<ClientOutcome>& outcomes) {
  std::cout << "client groups:\n";
  for (size_t c = 0; c < clients.size(); ++c) {
    std::cout << "  AS" << std::left << std::setw(10) << clients[c].asn << " -> " << popList(d, outcomes[c].pops);
    if (clients[c].target) std::cout << "  (target " << d.pops[*clients[c].target] << ")";
    std::cout << "\n";
  }
}

void printCatchmentShift(const CatchmentShift& shift) {
  std::cout << "client weight per PoP (before -> after prepending; targeted: at target before -> after):\n";
  for (const PopShift& p : shift.pops) {
    std::cout << "  " << std::left << std::setw(12) << p.pop << " " << p.before << " -> " << p.after;
    if (p.targeted > 0)
      std::cout << "   targeted " << p.targeted << ": " << p.at_target_before << " -> " << p.at_target_after;
    std::cout << "\n";
  }
  if (shift.no_route_before > 0 || shift.no_route_after > 0)
    std::cout << "  " << std::left << std::setw(12) << "(no route)" << " " << shift.no_route_before << " -> "
              << shift.no_route_after << "\n";
}

// --chart: the shift as an SVG bar chart (the target mark is the weight that wants the PoP).
void writeChart(const AnycastArgs& a, const CatchmentShift& shift) {
  std::vector<draw::ChartRow> rows;
  for (const PopShift& p : shift.pops)
    rows.push_back({.label = p.pop,
                    .before = p.before,
                    .after = p.after,
                    .target = p.targeted > 0 ? std::optional<double>(p.targeted) : std::nullopt});
  if (shift.no_route_before > 0 || shift.no_route_after > 0)
    rows.push_back({.label = "(no route)", .before = shift.no_route_before, .after = shift.no_route_after});
  writeFileAtomically(a.chartFile(), draw::beforeAfterChartSvg("Client weight per PoP, before and after prepending", rows));
}

int runSimulate(const AnycastArgs& a) {
  if (!a.chart.empty()) {
    if (a.clients.empty()) throw model::InputError("--chart needs --clients (it shows the client groups' weight)");
    checkOutFile(a.chartFile());
  }
  Inputs in = loadInputs(a);
  const TieBreak tie_break = parseTieBreak(a.tie_break);
  const ObjectiveKind objective = parseObjective(a.objective);
  PrependVector prepends(in.deployment.sessions.size(), 0);
  if (!a.prepend_file.empty()) prepends = loadPrepends(a.prepend_file, in.deployment);

  AnycastPropagation propagation(in.graph, in.deployment);
  PropagationState state;
  auto start = Clock::now();
  for (int i = 0; i < a.repeat; ++i) propagation.run(prepends, tie_break == TieBreak::KeepAll, state);
  if (a.timing)
    std::cerr << "anycast: propagation " << std::fixed << std::setprecision(2) << msSince(start) / a.repeat
              << " ms per announcement set (" << a.repeat << " runs)\n";

  nlohmann::json doc = {{"prepends", prependsJson(in.deployment, prepends)}, {"tie_break", a.tie_break}};
  auto summary = popSummaryJson(in.graph, in.deployment, state, tie_break);
  doc["pop_summary"] = summary;
  std::vector<ClientOutcome> after;
  std::optional<CatchmentShift> shift;
  if (!in.clients.empty()) {
    after = clientOutcomes(state, in.graph, in.deployment, in.clients, tie_break);
    PropagationState baseline;
    propagation.run(PrependVector(prepends.size(), 0), tie_break == TieBreak::KeepAll, baseline);
    auto before = clientOutcomes(baseline, in.graph, in.deployment, in.clients, tie_break);
    ObjectiveEvaluator eval(objective, in.clients);
    doc["catchment"] = catchmentJson(in.deployment, in.clients, after);
    shift = catchmentShift(in.deployment, in.clients, before, after);
    doc["pop_shift"] = catchmentShiftJson(*shift);
    doc["objective"] = {{"name", a.objective}, {"before", eval.value(before)}, {"after", eval.value(after)}};
  } else {
    doc["catchment"] = asCatchmentJson(in.graph, in.deployment, state, tie_break);
  }
  doc["snippets"] = snippetsJson(in.deployment, prepends);
  if (shift && !a.chart.empty()) writeChart(a, *shift);

  if (a.format == "json") {
    std::cout << doc.dump(2) << "\n";
    return kExitOk;
  }
  printPrepends(in.deployment, prepends);
  std::cout << "catchment (ASes per PoP):\n";
  for (const auto& p : summary["pops"])
    std::cout << "  " << std::left << std::setw(12) << p["name"].get<std::string>() << " " << p["ases"] << "\n";
  std::cout << "  unreachable  " << summary["unreachable_ases"] << "\n";
  if (!in.clients.empty()) {
    printCatchment(in.deployment, in.clients, after);
    printCatchmentShift(*shift);
    std::cout << "objective " << a.objective << ": " << doc["objective"]["after"] << " (no prepending: "
              << doc["objective"]["before"] << ")\n";
  }
  return kExitOk;
}

int runOptimize(const AnycastArgs& a) {
  auto command_start = Clock::now();
  if (!a.chart.empty()) checkOutFile(a.chartFile());
  Inputs in = loadInputs(a);
  OptimizeOptions options;
  options.max_prepend = a.max_prepend;
  options.objective = parseObjective(a.objective);
  options.tie_break = parseTieBreak(a.tie_break);
  options.solver = parseSolver(a.solver);
  options.progress = [](const std::string& line) { std::cerr << line << "\n"; };
  AnycastPropagation propagation(in.graph, in.deployment);
  // --timeout bounds the whole command: loading the graph counts too.
  options.timeout_seconds = std::max(0.1, a.timeout - msSince(command_start) / 1000);
  auto start = Clock::now();
  OptimizeResult result = optimizePrepends(propagation, in.clients, options);
  if (a.timing)
    std::cerr << "anycast: optimisation " << std::fixed << std::setprecision(1) << msSince(start) / 1000
              << " s\n";
  int code = result.status == OptimizeStatus::Infeasible ? kExitViolated : kExitOk;
  CatchmentShift shift = catchmentShift(in.deployment, in.clients, result.before, result.after);
  if (!a.chart.empty()) writeChart(a, shift);
  if (a.format == "json") {
    std::cout << optimizeJson(in.deployment, in.clients, options, result).dump(2) << "\n";
    return code;
  }
  std::cout << "status: " << statusName(result.status) << (result.message.empty() ? "" : " (" + result.message + ")")
            << "\n";
  std::cout << "objective " << a.objective << ": " << result.objective_before << " -> " << result.objective_after;
  if (result.objective_bound && result.status != OptimizeStatus::Optimal)
    std::cout << " (no vector within the caps does better than " << *result.objective_bound;
  if (result.objective_bound && result.status != OptimizeStatus::Optimal && result.gap)
    std::cout << ", gap " << std::setprecision(3) << 100 * *result.gap << " %" << std::setprecision(6);
  if (result.objective_bound && result.status != OptimizeStatus::Optimal) std::cout << ")";
  std::cout << "\n";
  for (const SolverRun& run : result.solvers) {
    std::cout << "solver " << run.name << ": " << run.status;
    if (run.incumbent) std::cout << ", best " << *run.incumbent;
    if (run.bound) std::cout << ", bound " << *run.bound;
    std::cout << " (" << std::fixed << std::setprecision(1) << run.seconds << " s)" << std::defaultfloat
              << std::setprecision(6) << (result.proved_by == run.name ? ", proved the answer" : "") << "\n";
  }
  printPrepends(in.deployment, result.prepends);
  printCatchment(in.deployment, in.clients, result.after);
  printCatchmentShift(shift);
  for (const auto& [pop, s] : configSnippets(in.deployment, result.prepends))
    std::cout << "\n# PoP " << pop << " (FRR)\n" << s.frr;
  return code;
}

int runBatchCommand(const AnycastArgs& a) {
  BatchResult result = runBatch(
      a.jobs, [](const std::string& line) { std::cerr << line << "\n"; }, a.threads, cluster::ProcessGroup::current());
  int code = (result.failed || result.infeasible) ? kExitViolated : kExitOk;
  if (a.format == "json") {
    std::cout << result.document.dump(2) << "\n";
    return code;
  }
  for (const auto& job : result.document["jobs"]) {
    std::cout << job["name"].get<std::string>() << ": " << job["status"].get<std::string>();
    if (job.contains("error")) std::cout << ": " << job["error"].get<std::string>();
    if (job.contains("result")) {
      const auto& o = job["result"]["objective"];
      std::cout << "  " << o["name"].get<std::string>() << " " << o["before"] << " -> " << o["after"];
      if (o.contains("bound") && job["status"] == "timeout") std::cout << " (bound " << o["bound"] << ")";
    }
    std::cout << "\n";
  }
  return code;
}

void addChartOptions(CLI::App& sub, AnycastArgs& a) {
  sub.add_option("--chart", a.chart, "write the client weight per PoP before and after prepending as an SVG bar chart");
  sub.add_flag("--force", a.force, "replace an existing --chart file");
}

const RegisterCommand kAnycast{
    "anycast", "anycast catchments and AS-path prepending optimisation", SharesWork::AcrossProcesses,
    [](CLI::App& app) -> CommandRunner {
      auto a = std::make_shared<AnycastArgs>();
      app.require_subcommand(1);

      CLI::App* sim = app.add_subcommand("simulate", "catchment of every AS / client group under a prepend setting");
      addCommonOptions(*sim, *a);
      sim->add_option("--clients", a->clients, "client groups (YAML/JSON or CSV)");
      sim->add_option("--prepend", a->prepend_file, "prepend setting {\"prepends\": [...]}; sessions left out are 0");
      sim->add_option("--objective", a->objective, "satisfied | latency | p90 (reported for --clients)")
          ->check(CLI::IsMember({"satisfied", "latency", "p90"}));
      sim->add_flag("--timing", a->timing, "report load and propagation times on stderr");
      addChartOptions(*sim, *a);
      sim->add_option("--repeat", a->repeat, "run the propagation this many times (benchmarks)")
          ->check(CLI::Range(1, 100000));

      CLI::App* opt = app.add_subcommand("optimize", "prepend counts that steer client groups to their targets");
      addCommonOptions(*opt, *a);
      opt->add_option("--clients", a->clients, "client groups (YAML/JSON or CSV)")->required();
      opt->add_option("--max-prepend", a->max_prepend, "largest prepend count per session")->check(CLI::Range(0, 16));
      opt->add_option("--objective", a->objective, "satisfied | latency | p90")
          ->check(CLI::IsMember({"satisfied", "latency", "p90"}));
      opt->add_option("--timeout", a->timeout, "seconds for the whole optimisation")->check(positiveSeconds());
      opt->add_option("--solver", a->solver, "auto (Z3 and CBC in parallel, first proof wins) | z3 | cbc")
          ->check(CLI::IsMember({"auto", "z3", "cbc"}));
      opt->add_flag("--timing", a->timing, "report load and optimisation times on stderr");
      addChartOptions(*opt, *a);

      CLI::App* batch = app.add_subcommand("batch", "run many optimisation jobs from a YAML/JSON jobs file");
      batch->add_option("jobs", a->jobs, "jobs file")->required();
      batch->add_option("--format", a->format, "text | json")->check(CLI::IsMember({"text", "json"}));
      addThreadsOption(*batch, a->threads, "threads, each solving one job at a time (default: the usable CPUs)");

      return [a, sim, opt, batch]() {
        // Under mpirun only `batch` shares its work; the rest runs on rank 0 alone.
        if (!batch->parsed() && !cluster::ProcessGroup::current().leader()) return kExitOk;
        if (sim->parsed()) return runSimulate(*a);
        if (opt->parsed()) return runOptimize(*a);
        if (batch->parsed()) return runBatchCommand(*a);
        return kExitBadInput;
      };
    }};

}  // namespace
}  // namespace routefix::cli
