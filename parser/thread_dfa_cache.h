// Lets configs be parsed on several threads at once. ANTLR 4.9's generated recognizers share
// one DFA cache per grammar (static members), and its C++ runtime adds states to it without
// locking (antlr4 issue #3332): two threads parsing at once corrupt it. Here each thread keeps
// caches of its own for each grammar, and a recognizer made on a thread is switched to them.
#pragma once

#include "antlr4-runtime.h"

#include <vector>

namespace routefix::parser {

// Gives `recognizer` (a generated lexer or parser; Simulator its ATN simulator type) this
// thread's DFA and prediction-context caches for its grammar. Call it before the first token
// or rule is read.
template <typename Simulator, typename Recognizer>
void useThreadDfaCache(Recognizer& recognizer) {
  struct Caches {
    std::vector<antlr4::dfa::DFA> decisions;
    antlr4::atn::PredictionContextCache contexts;
    explicit Caches(const antlr4::atn::ATN& atn) {
      decisions.reserve(atn.getNumberOfDecisions());
      for (size_t i = 0; i < atn.getNumberOfDecisions(); ++i) decisions.emplace_back(atn.getDecisionState(i), i);
    }
  };
  thread_local Caches caches(recognizer.getATN());
  // setInterpreter deletes the simulator the constructor made; the destructor deletes this one.
  recognizer.setInterpreter(new Simulator(&recognizer, recognizer.getATN(), caches.decisions, caches.contexts));
}

}  // namespace routefix::parser
