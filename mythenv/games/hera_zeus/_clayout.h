/* Generated from mythenv/games/hera_zeus/observe.py (C_DECL) by `python -m mythenv.core.cheaders`: do not edit.
 * The enums and names the game's _cobserve.c reads; see mythenv/core/clayout.py. */
#ifndef MYTHENV_CLAYOUT_H
#define MYTHENV_CLAYOUT_H

/* the state's attributes, fetched at every call */
enum attr {
    N_PHASE, N_PENDING, N_AP_LEFT, N_AP_USED, N_TURNS, N_TURN_PLAYER, N_HAND, N_DECK, N_FIELD, N_UP,
    N_VIS, N_DISC, N_MEMORY, NATTRS
};

/* the state's methods */
enum method {
    N_CURRENT_PLAYER = NATTRS, NCALLED
};

/* the kinds of a pending decision (pend[0]) */
enum pending_name {
    N_PEGCOL = NCALLED, N_ORDER, N_DIO, NNAMES
};

/* str_index of a pending kind among names[N_PEGCOL ..] */
enum pending_kind {
    PEND_PEGCOL, PEND_ORDER, PEND_DIO, NPEND
};

/* the pieces of observe.OBSERVER (the layout gives each its start and size) */
enum piece {
    PC_PHASE, PC_TO_MOVE, PC_SIDE, PC_ACTION_POINTS, PC_AP_USED, PC_MAY_CHALLENGE, PC_TURN, PC_MY_HAND,
    PC_MY_HAND_KNOWN_TO_OPP, PC_MY_DECK, PC_MY_FIELD, PC_OPP_FIELD, PC_MY_DISCARD, PC_MY_DISCARD_TOP,
    PC_OPP_DISCARD, PC_OPP_DISCARD_UNKNOWN, PC_OPP_DISCARD_TOP, PC_OPP_HAND_KNOWN, PC_PYTHIA_MEMORY,
    PC_SIZES, PC_PENDING_CARD, PC_PENDING_FROM, PC_ORDER_LEFT, NPIECES
};

/* the phase piece's entries, as _write_head picks them */
enum phase_slot {
    PH_SETUP, PH_TURN, PH_PEGASUS_COLUMN, PH_ORDER_DISCARD, PH_DIONYSUS_PLACE, PH_OVER, NPHASE_SLOTS
};

/* the entries of the layout tuple (observe.c_layout) */
enum layout {
    L_SIZE, L_PIECES, L_KIND_OF, L_QUARTERS, L_NK, L_NCOL, L_NROW, L_FIG, L_HAND_LIMIT, L_DECK,
    L_SETUP, L_OVER, L_PHASE_SLOTS, LAYOUT_LEN
};

static const char *const NAMES[NNAMES] = {
    "phase", "pending", "ap_left", "ap_used", "turns", "turn_player", "hand", "deck", "field", "up",
    "vis", "disc", "memory", "current_player", "pegcol", "order", "dio"
};

#endif
