#include "html/html_text.h"

#include <doctest/doctest.h>

#include "html/html_page.h"

using namespace routefix;

TEST_CASE("markup characters become entities, in content and in attributes") {
  CHECK(html::escape("<script>alert('x')</script>") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
  CHECK(html::escape("a&b \"q\"") == "a&amp;b &quot;q&quot;");
  // An entity someone wrote stays text, not the character it names.
  CHECK(html::escape("&lt;b&gt;") == "&amp;lt;b&amp;gt;");
}

TEST_CASE("control bytes, C1 controls and invalid UTF-8 are shown as \\xNN; valid UTF-8 and tabs stay") {
  CHECK(html::escape("a\x1b[31mb") == "a\\x1b[31mb");
  CHECK(html::escape(std::string("nul\0x", 5)) == "nul\\x00x");
  CHECK(html::escape("\x7f") == "\\x7f");
  CHECK(html::escape("\xc2\x9b") == "\\xc2\\x9b");        // C1 CSI
  CHECK(html::escape("caf\xc3\xa9 \xff") == "caf\xc3\xa9 \\xff");
  CHECK(html::escape("\xe2\x82") == "\\xe2\\x82");          // truncated at the end
  CHECK(html::escape("a\tb\nc") == "a\tb\nc");
}

TEST_CASE("the page shell: one document, a policy that forbids scripts and fetches, an escaped title") {
  std::string page = html::document("<r1> & co", "<p>body</p>\n");
  CHECK(page.rfind("<!DOCTYPE html>\n", 0) == 0);
  CHECK(page.find("<title>&lt;r1&gt; &amp; co</title>") != std::string::npos);
  CHECK(page.find("default-src 'none'") != std::string::npos);
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("<p>body</p>") != std::string::npos);
  CHECK(page.find("</html>\n") == page.size() - 8);
}

TEST_CASE("a unified diff is coloured line by line and escaped") {
  std::string d = html::unifiedDiff("--- a/configs/r1.cfg\n+++ b/configs/r1.cfg\n@@ -1,2 +1,2 @@\n x\n-<deny>\n+permit & go\n");
  CHECK(d.find("<span class=\"file\">--- a/configs/r1.cfg</span>") != std::string::npos);
  CHECK(d.find("<span class=\"hunk\">@@ -1,2 +1,2 @@</span>") != std::string::npos);
  CHECK(d.find("<span class=\"del\">-&lt;deny&gt;</span>") != std::string::npos);
  CHECK(d.find("<span class=\"add\">+permit &amp; go</span>") != std::string::npos);
  CHECK(d.find("\n x\n") != std::string::npos);
}

TEST_CASE("table cells are markup the caller built; header cells are text") {
  html::Table t{{"<h>"}, {{"<b>x</b>"}}, {"fail"}};
  std::string out = t.render();
  CHECK(out.find("<th>&lt;h&gt;</th>") != std::string::npos);
  CHECK(out.find("<tr class=\"fail\"><td><b>x</b></td></tr>") != std::string::npos);
}
