// Line edits on a snapshot's config files and the unified diff they make. Patches change
// whole lines only, so a patch is a set of replaced, deleted and inserted lines keyed by the
// original line numbers the model's provenance points at.
#pragma once

#include <filesystem>
#include <compare>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace routefix::repair {

// Where an edit is: the original line it replaces or removes, or the one an insertion follows.
struct EditPlace {
  std::string file;
  int line = 0;
  bool insertion = false;
  bool indented = false;  // an insertion whose first line is indented (inside a block)
  auto operator<=>(const EditPlace&) const = default;
};

class ConfigEdits {
 public:
  // Reads files on demand from the snapshot root.
  explicit ConfigEdits(std::filesystem::path snapshot) : root_(std::move(snapshot)) {}

  const std::vector<std::string>& lines(const std::string& file);  // original lines
  std::string line(const std::string& file, int number);           // 1-based; "" if none

  void replace(const std::string& file, int number, std::string text);
  void remove(const std::string& file, int number);
  // Inserts after line `number` (0 = at the top); several inserts at one place keep order.
  void insertAfter(const std::string& file, int number, std::string text);
  bool touches(const std::string& file, int number) const;
  std::set<EditPlace> places() const;

  bool empty() const { return edits_.empty(); }
  std::vector<std::string> files() const;  // edited files, sorted
  std::string patchedText(const std::string& file);
  // `diff -u` style with 3 lines of context, a/ and b/ prefixes.
  std::string unifiedDiff(const std::string& file);
  int changedLines() const;  // replaced + removed + inserted lines

 private:
  struct FileEdits {
    std::map<int, std::string> replaced;
    std::map<int, bool> removed;
    std::map<int, std::vector<std::string>> inserted;  // after line
  };
  std::filesystem::path root_;
  std::map<std::string, std::vector<std::string>> original_;
  std::map<std::string, bool> trailing_newline_;
  std::map<std::string, FileEdits> edits_;
};

// Token helpers for rewriting one config line while keeping its indentation and spacing.
std::vector<std::string> splitWords(const std::string& line);
std::string indentOf(const std::string& line);
// Replaces the `index`-th whitespace-separated word; returns the line unchanged if absent.
std::string replaceWord(const std::string& line, size_t index, const std::string& word);

}  // namespace routefix::repair
