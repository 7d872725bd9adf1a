#include "model/cisco_regex.h"

#include <re2/re2.h>

#include "model/policy.h"

namespace routefix::model {

namespace {

RE2::Options options() {
  RE2::Options o;
  o.set_log_errors(false);
  // RE2 refuses a program larger than this instead of building it: a pattern like
  // `(a{1000}){1000}` is reported invalid rather than taking gigabytes.
  o.set_max_mem(32 << 20);
  return o;
}

}  // namespace

CiscoRegex::CiscoRegex(std::string_view pattern)
    : re_(std::make_unique<RE2>(posixFromCiscoRegex(pattern), options())) {
  if (re_->ok()) return;
  // RE2 names the pattern it compiled ("missing ): <pattern>"); the user wrote another one.
  error_ = re_->error();
  std::string suffix = ": " + re_->pattern();
  if (error_.size() > suffix.size() && error_.compare(error_.size() - suffix.size(), suffix.size(), suffix) == 0)
    error_.resize(error_.size() - suffix.size());
}

CiscoRegex::~CiscoRegex() = default;
CiscoRegex::CiscoRegex(CiscoRegex&&) noexcept = default;
CiscoRegex& CiscoRegex::operator=(CiscoRegex&&) noexcept = default;

bool CiscoRegex::valid() const { return re_->ok(); }

bool CiscoRegex::search(std::string_view text) const {
  return re_->ok() && RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *re_);
}

}  // namespace routefix::model
