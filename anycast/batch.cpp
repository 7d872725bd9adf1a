#include "anycast/batch.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "anycast/report.h"
#include "anycast/yaml_input.h"
#include "model/input_error.h"

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

nlohmann::json runJob(const YAML::Node& job, JobContext& ctx, OptimizeStatus& status,
                      const std::function<void(const std::string&)>& progress) {
  const std::string& file = ctx.jobs_file;
  std::string graph_path = resolve(ctx, yaml::text(requiredSetting(job, ctx, "graph"), file, "graph"));
  auto& graph = ctx.graphs[graph_path];
  if (!graph) graph = std::make_unique<AsGraph>(loadAsRelationships(graph_path));

  long long origin = yaml::integer(requiredSetting(job, ctx, "origin"), file, "origin");
  if (origin < 1 || origin > 0xffffffffLL) yaml::fail("origin must be an AS number", file, job["origin"]);

  YAML::Node pops_node = requiredSetting(job, ctx, "pops");
  Deployment deployment =
      pops_node.IsScalar()
          ? loadDeployment(resolve(ctx, pops_node.Scalar()), static_cast<Asn>(origin))
          : parseDeployment(pops_node, file, static_cast<Asn>(origin));
  YAML::Node clients_node = requiredSetting(job, ctx, "clients");
  std::vector<ClientGroup> clients = clients_node.IsScalar()
                                         ? loadClients(resolve(ctx, clients_node.Scalar()), deployment)
                                         : parseClients(clients_node, file, deployment);
  checkAgainstGraph(*graph, deployment, clients);

  OptimizeOptions options;
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
  options.progress = progress;

  AnycastPropagation propagation(*graph, deployment);
  OptimizeResult result = optimizePrepends(propagation, clients, options);
  status = result.status;
  return optimizeJson(deployment, clients, options, result);
}

}  // namespace

BatchResult runBatch(const std::string& jobs_path, const std::function<void(const std::string&)>& progress) {
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

  BatchResult out;
  nlohmann::json results = nlohmann::json::array();
  std::map<std::string, size_t> by_status;
  size_t index = 0;
  for (const auto& job : jobs) {
    ++index;
    std::string name = "job-" + std::to_string(index);
    if (job.IsMap() && job["name"] && job["name"].IsScalar()) name = job["name"].Scalar();
    if (progress) progress("anycast batch: [" + std::to_string(index) + "/" + std::to_string(jobs.size()) + "] " + name);
    nlohmann::json entry = {{"name", name}};
    try {
      if (!job.IsMap()) yaml::fail("a job must be a map", jobs_path, job);
      OptimizeStatus status = OptimizeStatus::Optimal;
      entry["result"] = runJob(job, ctx, status, progress);
      entry["status"] = statusName(status);
      if (status == OptimizeStatus::Infeasible) ++out.infeasible;
    } catch (const model::InputError& e) {
      entry["status"] = "error";
      entry["error"] = e.what();
      ++out.failed;
    } catch (const std::exception& e) {
      entry["status"] = "error";
      entry["error"] = std::string("internal error: ") + e.what();
      ++out.failed;
    }
    if (progress) progress("anycast batch: " + name + ": " + entry["status"].get<std::string>());
    ++by_status[entry["status"].get<std::string>()];
    results.push_back(std::move(entry));
  }
  nlohmann::json summary = {{"jobs", results.size()}};
  for (const char* s : {"optimal", "timeout", "infeasible", "error"}) summary[s] = by_status[s];
  out.document = {{"jobs", results}, {"summary", summary}};
  return out;
}

}  // namespace routefix::anycast
