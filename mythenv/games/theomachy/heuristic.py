def heuristic_action(view, rng):
    la = view.legal_actions
    return la[0]
