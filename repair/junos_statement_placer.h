// Finds where a Junos statement lives, or belongs, in the user's file, in whichever form the
// file is written: `set` lines or the hierarchical `{ ... }` form. A repair that adds a
// statement (a BGP neighbor, a route-reflector `cluster`, an OSPF interface `metric`, a
// policy term) must put it in the right block, because in Junos the block IS the meaning:
// `metric 5` under `interface ge-0/0/0.0` and under `area 0` are different statements.
//
// Paths are lists of block headers as Junos prints them: {"protocols", "bgp", "group R3",
// "neighbor 10.0.0.6"}. Headers compare word by word, with the spellings Junos treats as
// the same: area `0` = `0.0.0.0`, interface `ge-0/0/0` = `ge-0/0/0.0`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "repair/config_edit.h"

namespace routefix::repair {

using JunosPath = std::vector<std::string>;

class JunosStatementPlacer {
 public:
  JunosStatementPlacer(ConfigEdits& edits, std::string file);

  bool setForm() const { return set_form_; }
  const std::string& file() const { return file_; }

  // Adds leaf statements (without ';') under `path`, creating the blocks that are missing
  // with the file's indentation; a leaf that names the block (`neighbor 10.0.0.6;`) becomes
  // that block. False, with `why`, when the place cannot be written without rewriting lines
  // that hold other statements (a block closed on a line with other text).
  bool add(const JunosPath& path, const std::vector<std::string>& statements, std::string& why);

  // Adds block `header` with leaf `statements` as the FIRST child of block `parent` (a new
  // policy term that must be evaluated before the existing ones). Falls back to add() when
  // `parent` does not exist yet.
  bool addFirstBlock(const JunosPath& parent, const std::string& header, const std::vector<std::string>& statements,
                     std::string& why);

  // The block headers enclosing `line` (hierarchical form), or the words after `set` up to
  // the leaf (set form) joined as one header per word. Empty when the line is top level.
  std::vector<std::string> pathWords(int line) const;

  // True when `path` (a block) exists in the file.
  bool hasBlock(const JunosPath& path) const;

 private:
  struct Block {
    std::vector<std::string> headers;  // full path of this block
    int open_line = 0, close_line = 0;
    bool close_alone = false;  // its `}` is the only statement on close_line
    std::string indent;        // of the line that opens it
  };
  struct Leaf {
    std::vector<std::string> headers;  // enclosing blocks
    std::string text;
    int line = 0;
    bool alone = false;  // the only statement on its line
  };

  void scanHierarchical();
  bool addHierarchical(const JunosPath& path, const std::vector<std::string>& statements, std::string& why);
  bool addSet(const JunosPath& path, const std::vector<std::string>& statements);
  // The deepest block whose headers are a prefix of `path`.
  const Block* deepest(const JunosPath& path) const;
  std::string childIndent(const Block* b) const;

  ConfigEdits& edits_;
  std::string file_;
  bool set_form_ = false;
  std::vector<Block> blocks_;
  std::vector<Leaf> leaves_;
};

// Header equality as Junos reads it (see the file comment).
bool sameJunosHeader(const std::string& a, const std::string& b);
// `0` -> `0.0.0.0`: areas and cluster ids are written as dotted quads in new statements.
std::string dottedQuad(uint32_t value);

}  // namespace routefix::repair
