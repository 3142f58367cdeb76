/* Generated from mythenv/games/mythologies/observe.py (C_DECL) by `python -m mythenv.core.cheaders`: do not edit.
 * The enums and names the game's _cobserve.c reads; see mythenv/core/clayout.py. */
#ifndef MYTHENV_CLAYOUT_H
#define MYTHENV_CLAYOUT_H

/* the entries of the layout tuple (observe.c_layout) */
enum layout {
    L_SIZE, L_N, L_ND, L_OFFSETS, L_DESIGN_OF, L_THIRDS, L_HALVES, L_PHASES, L_DECISION_OF,
    L_DECISION_K, L_MAXE, L_MAXPC, L_EFFECTS, L_TRAITS, L_BOARDS, L_COMPLETION, L_LEN
};

/* the pieces of make_observer(n), in its order (the layout's offsets give each its start) */
enum piece {
    P_PHASE, P_TO_MOVE, P_ROUND, P_FIRST_PLAYER, P_TURN_SEAT, P_TOKENS, P_COMPLETION, P_TRIALS_DONE,
    P_PANTHEON_TOP, P_PANTHEON_HEIGHT, P_PANTHEON_BELOW, P_DISCARD, P_HAND_OWN, P_HAND_SIZE,
    P_HAND_KNOWN, P_SANCTUARY, P_SANCT_PAWN, P_BOARD_MYTH, P_PILES, P_DESTINY, P_DESTINED, P_COMMITS,
    P_PAWNS_PLACED, P_EXILED, P_EFFECT_SOURCE, P_EFFECT_OP, P_ORDER_OPTIONS, P_EFFECT_SLOTS,
    P_EFFECT_PLANE, P_EFFECT_STAGE, P_REACTING, P_PLACING, P_HAND_SLOTS, P_TRIAL_PROGRESS,
    P_SLOT_PREVIEW, NPIECES
};

/* the state.phase values the C code compares (rules.SEL, PLACE, OVER: the layout's phases) */
enum phase {
    PH_SEL, PH_PLACE, PH_OVER, NPHASES
};

/* the entries of the phase piece (DECISIONS) not given by a stack frame (the layout's decision_k) */
enum decision {
    K_COMMIT, K_PICK, K_OVER, NDECISION_K
};

/* a design's record in the layout's traits (observe._trial_tables) */
enum trait {
    T_FAVORS, T_GEMS = T_FAVORS + 3, T_DEITY = T_GEMS + 3, T_MYTH, T_ALL_MYTHS, T_TOLL, TRAIT_BYTES
};

/* a board's record in the layout's boards (observe._trial_tables; _cobserve.c defines MAXREG) */
enum board {
    B_MEASURE, B_AT_LEAST, B_NREGIONS, B_REGIONS, B_START_FAVORS = B_REGIONS + 2 * MAXREG,
    B_END_FAVORS, BOARD_BYTES
};

/* the layout's completion: (Favors, Gems) of a plane's token, then of a column's */
enum completion {
    CG_PLANE, CG_COLUMN = CG_PLANE + 2, NCOMPLETION = CG_COLUMN + 2
};

/* a start board's measures (cards.MEASURES, in its order) */
enum measure {
    M_INV_GEMS, M_INV_FAVORS, M_CREATURES, M_DISTINCT_MYTHS, M_SAME_MYTH, M_ALL_CARDS, M_DEITIES,
    M_STACK, NMEASURES
};

/* the state's attributes, fetched at every call */
enum attr {
    A_N, A_PHASE, A_SEL_STEP, A_STACK, A_ROUND, A_FIRST, A_TURN_SEAT, A_DESTINY, A_FAV, A_GEM, A_COMP,
    A_TRIALS, A_PAN, A_DISC, A_HAND, A_KNOWN, A_DEST_BOARD, A_COMMITS, A_FREE, A_PAWNS, A_SANCT,
    A_FACEUP, A_BOARDS, A_PILES, A_EXILE, NATTRS
};

/* the state's methods */
enum method {
    S_CURRENT_PLAYER, NMETHODS
};

/* the keys read in a stack frame and in what an effect chose so far (its v, and v's o) */
enum key {
    S_T = NMETHODS, S_SRC, S_E, S_PC, S_FRAMES, S_V, S_O, S_PLANE, S_PEND, S_PICKED, S_STAGE, S_C,
    S_CID, S_MODE, NKEYS
};

/* the strings compared: a stack frame's t, state.sel_step, a place frame's mode */
enum value {
    S_TURN = NKEYS, S_EFF, S_ORDER, S_GAINF, S_REACT, S_PLACE, S_COMMIT, S_PICK, S_INVOKE, NSTR
};

static const char *const attr_names[NATTRS] = {
    "n", "phase", "sel_step", "stack", "round", "first", "turn_seat", "destiny", "fav", "gem", "comp",
    "trials", "pan", "disc", "hand", "known", "dest_board", "commits", "free", "pawns", "sanct",
    "faceup", "boards", "piles", "exile"
};

static const char *const str_names[NSTR] = {
    "current_player", "t", "src", "e", "pc", "frames", "v", "o", "plane", "pend", "picked", "stage",
    "c", "cid", "mode", "turn", "eff", "order", "gainf", "react", "place", "commit", "pick", "invoke"
};

#endif
