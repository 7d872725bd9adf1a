#include "anycast/batch.h"

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "anycast/report.h"
#include "anycast/yaml_input.h"
#include "model/input_error.h"
#include "cluster/parallel_for.h"

namespace routefix::anycast {

namespace {

namespace fs = std::filesystem;

struct JobContext {
  std::string jobs_file;
  fs::path base;
  YAML::Node defaults;
  std::map<std::string, std::unique_ptr<AsGraph>> graphs;  // loaded once per path
};

// A job's setting, or the default.
std::optional<YAML::Node> setting(const YAML::Node& job, const JobContext& ctx, const char* key) {
  if (job[key] && !job[key].IsNull()) return job[key];
  if (ctx.defaults && ctx.defaults[key] && !ctx.defaults[key].IsNull()) return ctx.defaults[key];
  return std::nullopt;
}

YAML::Node requiredSetting(const YAML::Node& job, const JobContext& ctx, const char* key) {
  auto v = setting(job, ctx, key);
  if (!v) yaml::fail(std::string("job needs '") + key + "'", ctx.jobs_file, job);
  return *v;
}

std::string resolve(const JobContext& ctx, const std::string& path) {
  fs::path p(path);
  return p.is_absolute() ? p.string() : (ctx.base / p).lexically_normal().string();
}

// A job as its file states it, read and checked. Solving it needs no YAML: yaml-cpp reads a
// node through memory the whole document shares, so only one thread reads the jobs file.
struct PreparedJob {
  std::string name;
  const AsGraph* graph = nullptr;
  Deployment deployment;
  std::vector<ClientGroup> clients;
  OptimizeOptions options;
};

PreparedJob prepareJob(const YAML::Node& job, JobContext& ctx) {
  const std::string& file = ctx.jobs_file;
  PreparedJob out;
  std::string graph_path = resolve(ctx, yaml::text(requiredSetting(job, ctx, "graph"), file, "graph"));
  auto& graph = ctx.graphs[graph_path];
  if (!graph) graph = std::make_unique<AsGraph>(loadAsRelationships(graph_path));
  out.graph = graph.get();

  long long origin = yaml::integer(requiredSetting(job, ctx, "origin"), file, "origin");
  if (origin < 1 || origin > 0xffffffffLL) yaml::fail("origin must be an AS number", file, job["origin"]);

  YAML::Node pops_node = requiredSetting(job, ctx, "pops");
  out.deployment = pops_node.IsScalar()
                       ? loadDeployment(resolve(ctx, pops_node.Scalar()), static_cast<Asn>(origin))
                       : parseDeployment(pops_node, file, static_cast<Asn>(origin));
  YAML::Node clients_node = requiredSetting(job, ctx, "clients");
  out.clients = clients_node.IsScalar() ? loadClients(resolve(ctx, clients_node.Scalar()), out.deployment)
                                        : parseClients(clients_node, file, out.deployment);
  checkAgainstGraph(*graph, out.deployment, out.clients);

  OptimizeOptions& options = out.options;
  if (auto v = setting(job, ctx, "max_prepend")) {
    long long k = yaml::integer(*v, file, "max_prepend");
    if (k < 0 || k > 16) yaml::fail("max_prepend must be 0..16", file, *v);
    options.max_prepend = static_cast<int>(k);
  }
  // The parsers know the valid words but not where they were written.
  auto anchored = [&](const YAML::Node& v, auto parse) {
    try {
      return parse(yaml::text(v, file, "value"));
    } catch (const model::InputError& e) {
      if (!e.file().empty()) throw;
      throw model::InputError(e.what(), file, yaml::lineOf(v));
    }
  };
  if (auto v = setting(job, ctx, "objective")) options.objective = anchored(*v, parseObjective);
  if (auto v = setting(job, ctx, "tie_break")) options.tie_break = anchored(*v, parseTieBreak);
  if (auto v = setting(job, ctx, "solver")) options.solver = anchored(*v, parseSolver);
  if (auto v = setting(job, ctx, "timeout")) {
    options.timeout_seconds = yaml::number(*v, file, "timeout");
    if (options.timeout_seconds <= 0) yaml::fail("timeout must be positive", file, *v);
  }
  return out;
}

nlohmann::json errorEntry(nlohmann::json entry, const std::string& error) {
  entry["status"] = "error";
  entry["error"] = error;
  return entry;
}

// The job's entry of the result document: its result and status, or its error.
nlohmann::json solveJob(const PreparedJob& job, const std::function<void(const std::string&)>& progress) {
  nlohmann::json entry = {{"name", job.name}};
  try {
    OptimizeOptions options = job.options;
    options.progress = progress;
    AnycastPropagation propagation(*job.graph, job.deployment);
    OptimizeResult result = optimizePrepends(propagation, job.clients, options);
    entry["result"] = optimizeJson(job.deployment, job.clients, options, result);
    entry["status"] = statusName(result.status);
  } catch (const model::InputError& e) {
    return errorEntry(std::move(entry), e.what());
  } catch (const std::exception& e) {
    return errorEntry(std::move(entry), std::string("internal error: ") + e.what());
  }
  return entry;
}

}  // namespace

BatchResult runBatch(const std::string& jobs_path, const std::function<void(const std::string&)>& progress,
                     unsigned threads, const cluster::ProcessGroup& processes) {
  YAML::Node doc = yaml::loadFile(jobs_path);
  JobContext ctx;
  ctx.jobs_file = jobs_path;
  ctx.base = fs::path(jobs_path).parent_path();
  YAML::Node jobs = doc;
  if (doc.IsMap()) {
    ctx.defaults = doc["defaults"];
    if (ctx.defaults && !ctx.defaults.IsMap()) yaml::fail("'defaults' must be a map", jobs_path, ctx.defaults);
    jobs = doc["jobs"];
    if (!jobs) yaml::fail("missing 'jobs'", jobs_path, doc);
  }
  if (!jobs.IsSequence()) yaml::fail("expected a list of jobs", jobs_path, jobs);

  // Read every job (one thread, see PreparedJob); a job that cannot be read is an error entry.
  const size_t count = jobs.size();
  std::vector<nlohmann::json> entries(count);
  std::vector<std::optional<PreparedJob>> prepared(count);
  for (size_t i = 0; i < count; ++i) {
    const YAML::Node job = jobs[i];
    std::string name = "job-" + std::to_string(i + 1);
    if (job.IsMap() && job["name"] && job["name"].IsScalar()) name = job["name"].Scalar();
    try {
      if (!job.IsMap()) yaml::fail("a job must be a map", jobs_path, job);
      prepared[i] = prepareJob(job, ctx);
      prepared[i]->name = name;
    } catch (const model::InputError& e) {
      entries[i] = errorEntry({{"name", name}}, e.what());
      if (progress)
        progress("anycast batch: [" + std::to_string(i + 1) + "/" + std::to_string(count) + "] " + name + ": error");
    }
  }

  // Solve this process's share (every size()-th job) on `threads` threads.
  std::mutex say_mutex;
  auto say = [&](const std::string& line) {
    if (!progress) return;
    std::lock_guard lock(say_mutex);
    progress(line);
  };
  const size_t ranks = processes.size();
  std::vector<size_t> share;
  for (size_t i = processes.rank(); i < count; i += ranks) share.push_back(i);
  cluster::parallelFor(share.size(), threads, [&](unsigned, size_t k) {
    size_t i = share[k];
    if (!prepared[i]) return;
    const std::string& name = prepared[i]->name;
    say("anycast batch: [" + std::to_string(i + 1) + "/" + std::to_string(count) + "] " + name);
    entries[i] = solveJob(*prepared[i], say);
    say("anycast batch: " + name + ": " + entries[i]["status"].get<std::string>());
  });
  // Every process learns every entry: [index, entry] pairs as JSON text.
  if (ranks > 1) {
    nlohmann::json mine = nlohmann::json::array();
    for (size_t i : share) mine.push_back({i, entries[i]});
    for (const auto& part : processes.allGather(mine.dump()))
      for (auto& [i, entry] : nlohmann::json::parse(part).get<std::vector<std::pair<size_t, nlohmann::json>>>())
        entries[i] = std::move(entry);
  }

  BatchResult out;
  std::map<std::string, size_t> by_status;
  for (const auto& entry : entries) {
    const std::string status = entry["status"].get<std::string>();
    ++by_status[status];
    if (status == "error") ++out.failed;
    if (status == "infeasible") ++out.infeasible;
  }
  nlohmann::json summary = {{"jobs", count}};
  for (const char* s : {"optimal", "timeout", "infeasible", "error"}) summary[s] = by_status[s];
  out.document = {{"jobs", entries}, {"summary", summary}};
  return out;
}

}  // namespace routefix::anycast
