#include <doctest/doctest.h>

#include <chrono>

#include "parser/junos/groups.h"
#include "parser/junos/set_path.h"

using namespace routefix::parser;
using namespace routefix::parser::junos;

namespace {

std::vector<std::string> joined(const FlatConfig& f) {
  std::vector<std::string> out;
  for (const auto& p : f.paths) {
    std::string s = std::to_string(p.line) + ":";
    for (const auto& w : p.words) s += " " + w;
    out.push_back(s);
  }
  return out;
}

FlatConfig flat(const std::string& text) { return flattenFile({"configs/r1.conf", text}); }

}  // namespace

TEST_CASE("hierarchical statements flatten to set-paths with the leaf's line") {
  auto f = flat(
      "interfaces {\n"
      "    ge-0/0/0 {\n"
      "        unit 0 {\n"
      "            family inet address 10.0.0.1/30;\n"
      "        }\n"
      "    }\n"
      "}\n");
  CHECK(f.warnings.empty());
  REQUIRE(f.paths.size() == 1);
  CHECK(joined(f)[0] == "4: interfaces ge-0/0/0 unit 0 family inet address 10.0.0.1/30");
  CHECK(f.paths[0].word_lines == std::vector<int>{1, 2, 3, 3, 4, 4, 4, 4});
  CHECK(f.paths[0].file == "configs/r1.conf");
}

TEST_CASE("bracketed lists, quoted strings and comments") {
  auto f = flat(
      "# a comment line\n"
      "policy-options {\n"
      "    /* a multi-line\n"
      "       annotation */\n"
      "    community C members [ 65000:1 65000:2 ];\n"
      "    as-path P \".* 65000 .*\";\n"
      "    policy-statement X { term t { then { as-path-prepend \"1 1\"; accept; } } }\n"
      "}\n");
  CHECK(f.warnings.empty());
  CHECK(joined(f) == std::vector<std::string>{
                         "5: policy-options community C members 65000:1",
                         "5: policy-options community C members 65000:2",
                         "6: policy-options as-path P .* 65000 .*",
                         "7: policy-options policy-statement X term t then as-path-prepend 1 1",
                         "7: policy-options policy-statement X term t then accept"});
}

TEST_CASE("inactive: drops the statement and its subtree") {
  auto f = flat(
      "interfaces {\n"
      "    inactive: ge-0/0/1 { unit 0 { family inet address 10.0.1.1/30; } }\n"
      "    ge-0/0/2 { unit 0 { inactive: family inet address 10.0.2.1/30; description x; } }\n"
      "}\n");
  CHECK(joined(f) == std::vector<std::string>{"3: interfaces ge-0/0/2 unit 0 description x"});
}

TEST_CASE("set form: set, delete, deactivate and activate") {
  auto f = flat(
      "set system host-name r1\n"
      "set interfaces ge-0/0/0 unit 0 family inet address 10.0.0.1/30\n"
      "set interfaces ge-0/0/1 unit 0 family inet address 10.0.1.1/30\n"
      "set interfaces ge-0/0/2 unit 0 family inet address 10.0.2.1/30\n"
      "delete interfaces ge-0/0/1\n"
      "deactivate interfaces ge-0/0/2\n"
      "set policy-options policy-statement P term t then community set C\n"
      "set policy-options community C members [ 1:1 1:2 ]\n"
      "deactivate system\n"
      "activate system\n");
  CHECK(f.warnings.empty());
  CHECK(joined(f) == std::vector<std::string>{
                         "1: system host-name r1",
                         "2: interfaces ge-0/0/0 unit 0 family inet address 10.0.0.1/30",
                         "7: policy-options policy-statement P term t then community set C",
                         "8: policy-options community C members 1:1",
                         "8: policy-options community C members 1:2"});
}

TEST_CASE("form detection") {
  CHECK(isSetForm("# header\n\nset system host-name r1\n"));
  CHECK(isSetForm("deactivate interfaces ge-0/0/0\n"));
  CHECK_FALSE(isSetForm("## Last commit\nsystem {\n host-name r1;\n}\n"));
  CHECK_FALSE(isSetForm(""));
}

TEST_CASE("syntax errors become warnings with lines, and parsing goes on") {
  auto f = flat(
      "system {\n"
      "    host-name r1;\n"
      "interfaces { ge-0/0/0 { unit 0 { family inet address 10.0.0.1/30; } } }\n"
      "}}}\n"
      "routing-options { router-id 1.1.1.1; }\n");
  REQUIRE_FALSE(f.warnings.empty());
  CHECK(f.warnings[0].file == "configs/r1.conf");
  CHECK(f.warnings[0].line == 4);
  CHECK(f.warnings[0].message.find("syntax error") == 0);
}

TEST_CASE("set form: lines that are not commands warn") {
  auto f = flat("set system host-name r1\nshow configuration\n");
  REQUIRE(f.warnings.size() == 1);
  CHECK(f.warnings[0].line == 2);
  CHECK(f.warnings[0].text == "show configuration");
  CHECK(f.warnings[0].message == "unrecognized syntax");
}

TEST_CASE("garbage does not crash") {
  for (std::string text : {std::string("{{{{;;]]] [[ \"unterminated"), std::string("}\n}\n;"),
                           std::string("set\nset [ ]\ndelete\n"), std::string("\"\\"),
                           std::string(1000, '{'), std::string("a b c { d [ e ; } f ] ;")}) {
    auto f = flat(text);
    (void)f;
  }
  CHECK(flat(std::string(1000, '{')).warnings.size() >= 1);
}

TEST_CASE("wildcard names") {
  CHECK(wildcardMatches("ge-*", "ge-0/0/1"));
  CHECK_FALSE(wildcardMatches("ge-*", "xe-0/0/1"));
  CHECK(wildcardMatches("*", "anything"));
  CHECK(wildcardMatches("ge-0/0/[0-3]", "ge-0/0/2"));
  CHECK_FALSE(wildcardMatches("ge-0/0/[0-3]", "ge-0/0/5"));
  CHECK(wildcardMatches("ge-0/0/[!0-3]", "ge-0/0/5"));
  CHECK(wildcardMatches("?e-*", "xe-1/0/0"));
}

TEST_CASE("wildcards with many stars match in polynomial time (issue 20, item 11)") {
  std::string pattern;
  for (int i = 0; i < 12; ++i) pattern += "*a";
  pattern += "*b";
  auto start = std::chrono::steady_clock::now();
  CHECK_FALSE(wildcardMatches(pattern, std::string(40, 'a') + "c"));  // over a minute before
  CHECK(wildcardMatches(pattern, std::string(40, 'a') + "b"));
  CHECK_FALSE(wildcardMatches(pattern, std::string(11, 'a') + "b"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
  CHECK(wildcardMatches("*[ab]?", "xxb1"));
  CHECK_FALSE(wildcardMatches("[]", "a"));
  CHECK(wildcardMatches("[x", "[x"));  // a `[` without its `]` is itself
  CHECK(wildcardMatches("", ""));
  CHECK_FALSE(wildcardMatches("", "a"));
  CHECK(wildcardMatches("***", ""));
}

TEST_CASE("braces nested deeper than 64 levels: the file is skipped with a warning (item 8)") {
  auto nested = [](int depth) {
    std::string text = "system { host-name j1; }\n";
    for (int i = 0; i < depth; ++i) text += "a" + std::to_string(i) + " {\n";
    text += "leaf;\n";
    for (int i = 0; i < depth; ++i) text += "}\n";
    return text;
  };
  auto ok = flat(nested(64));
  CHECK(ok.warnings.empty());
  CHECK(ok.paths.size() == 2);
  for (int depth : {65, 10000}) {  // 10,000 levels overflowed the parser's stack
    auto deep = flat(nested(depth));
    CHECK(deep.paths.empty());
    REQUIRE(deep.warnings.size() == 1);
    CHECK(deep.warnings[0].line == 66);  // a64, which opens level 65
    CHECK(deep.warnings[0].text == "a64 {");
    CHECK(deep.warnings[0].message == "braces nested deeper than 64 levels: the file is not read");
  }
  // Braces in strings and comments are not nesting.
  std::string quoted = "system { host-name j1; }\ninterfaces { ge-0/0/0 { description \"" +
                       std::string(100, '{') + "\"; } }\n/* " + std::string(100, '{') + " */\n";
  auto q = flat(quoted);
  CHECK(q.warnings.empty());
  CHECK(q.paths.size() == 2);
}

TEST_CASE("bracketed lists that multiply past the file's size: the file is skipped with a warning") {
  // 2^40 combinations; the expansion ran until fuzz_driver's 10 s limit.
  std::string lists;
  for (int i = 0; i < 40; ++i) lists += " [ a" + std::to_string(i) + " b" + std::to_string(i) + " ]";
  for (const std::string& text : {"system { host-name j1; }\nx" + lists + ";\n",
                                  "set system host-name j1\nset x" + lists + "\n"}) {
    auto start = std::chrono::steady_clock::now();
    auto f = flat(text);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    CHECK(f.paths.empty());
    REQUIRE(f.warnings.size() == 1);
    CHECK(f.warnings[0].line == 2);
    CHECK(f.warnings[0].message.find("bracketed lists expand past") == 0);
  }
  auto members = flat("policy-options { community C members [ 1:1 1:2 1:3 ]; }\n");
  CHECK(members.paths.size() == 3);
  CHECK(members.warnings.empty());
}

TEST_CASE("apply-groups inherits group paths; wildcards match existing names only") {
  auto f = flat(
      "groups {\n"
      "    G {\n"
      "        interfaces { <ge-*> { unit 0 { family inet mtu 1500; } } }\n"
      "        system host-name from-group;\n"
      "    }\n"
      "    H { protocols { ospf { area 0 { interface <*> { metric 7; } } } } }\n"
      "}\n"
      "apply-groups G;\n"
      "interfaces {\n"
      "    ge-0/0/0 { unit 0 { family inet address 10.0.0.1/30; } }\n"
      "    xe-0/0/1 { unit 0 { family inet address 10.0.1.1/30; } }\n"
      "    ge-0/0/2 { unit 0 { family inet address 10.0.2.1/30; } }\n"
      "}\n"
      "protocols { ospf { apply-groups H; area 0 { interface ge-0/0/0.0; } } }\n"
      "system { apply-groups MISSING; }\n");
  std::vector<routefix::model::ParseWarning> warnings;
  auto paths = expandGroups(f.paths, warnings);
  std::vector<std::string> text;
  for (const auto& p : paths) {
    std::string s = std::to_string(p.line) + ":";
    for (const auto& w : p.words) s += " " + w;
    text.push_back(s);
  }
  CHECK(text == std::vector<std::string>{
                    "3: interfaces ge-0/0/0 unit 0 family inet mtu 1500",
                    "3: interfaces ge-0/0/2 unit 0 family inet mtu 1500",
                    "4: system host-name from-group",
                    "6: protocols ospf area 0 interface ge-0/0/0.0 metric 7",
                    "10: interfaces ge-0/0/0 unit 0 family inet address 10.0.0.1/30",
                    "11: interfaces xe-0/0/1 unit 0 family inet address 10.0.1.1/30",
                    "12: interfaces ge-0/0/2 unit 0 family inet address 10.0.2.1/30",
                    "14: protocols ospf area 0 interface ge-0/0/0.0"});
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].line == 15);
  CHECK(warnings[0].message == "undefined group MISSING");
}
