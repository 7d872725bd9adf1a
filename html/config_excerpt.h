// The config lines a finding points at, quoted into a page with their line numbers and a few
// lines around them. Files are read again from the snapshot, under the same rules as loading
// (model/input_file.h: regular files inside the snapshot, bounded size).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/input_file.h"
#include "model/source_span.h"

namespace routefix::html {

class ConfigExcerpts {
 public:
  ConfigExcerpts(std::filesystem::path snapshot, model::SnapshotAccess access)
      : snapshot_(std::move(snapshot)), access_(access) {}

  // <pre class="excerpt"> of the span's lines (at most kMaxSpanLines of them) with
  // kContextLines before and after, the span's own lines marked; "" when the span has no line
  // or its file cannot be read.
  std::string excerpt(const model::SourceSpan& span);

  static constexpr int kContextLines = 2;
  static constexpr int kMaxSpanLines = 12;

 private:
  const std::vector<std::string>* lines(const std::string& file);

  std::filesystem::path snapshot_;
  model::SnapshotAccess access_;
  std::map<std::string, std::optional<std::vector<std::string>>> files_;
};

}  // namespace routefix::html
