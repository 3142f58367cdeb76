def heuristic_action(view, rng):
    la = view.legal_actions
    return la[int(rng.integers(len(la)))]
