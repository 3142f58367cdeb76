/* Generated from mythenv/games/demigods/observe.py (C_DECL) by `python -m mythenv.core.cheaders`: do not edit.
 * The enums and names the game's _cobserve.c reads; see mythenv/core/clayout.py. */
#ifndef MYTHENV_CLAYOUT_H
#define MYTHENV_CLAYOUT_H

/* the pieces of make_observer (the ints give each its start and size) */
enum piece {
    PC_DECISION, PC_TO_MOVE, PC_SEAT_TO_MOVE, PC_TURN_SEAT, PC_MY_HAND, PC_MY_HAND_UNSEEN,
    PC_HAND_SIZES, PC_KNOWN_HANDS, PC_KINGDOM, PC_TOTALS, PC_FRONT, PC_CAN_CLAIM, PC_DISCARD_TOP,
    PC_DISCARD_PILE, PC_DECK_SIZE, PC_RESHUFFLED, PC_PENDING_CARD, PC_SPEECH_CONTEXT, PC_PENDING_SEAT,
    PC_HALVING, PC_ROUND, PC_SPEECH_MODE, NPIECES
};

/* the pending records that are decisions (observe._DEC), as pending_kind() finds them */
enum pending_kind {
    R_TARGET, R_SPEECH, R_STEAL, R_ATHENA, R_HALVE, R_OTYPE, R_TRADE, NPENDING
};

/* the entries of the layout tuple (observe.c_layout) */
enum layout_entry {
    L_INTS, L_GOALS, L_KIND_OF, L_KINGDOM_SLOT, L_FRONT_SLOT, L_VALUE, L_QUARTERS, L_TENTHS, L_LEN
};

/* the int32 table of the layout (L_INTS; observe.c_layout) */
enum int_entry {
    I_N, I_SIZE, I_NCARDS, I_NK, I_DRAW, I_OVER, I_ARMY_GOAL, I_WEALTH_GOAL, I_GUARDIANS,
    I_SILENCE_SLOT, I_BLIND_SLOT, I_ROUND_DEN, I_EXPLICIT, I_D_DRAW, I_D_ACT, I_D_BLIND, I_D_OVER,
    I_D_PENDING, I_PIECES = I_D_PENDING + NPENDING, I_LEN = I_PIECES + 2 * NPIECES
};

/* the state's attributes, fetched at every call */
enum attr {
    A_PHASE, A_PENDING, A_TURN_PLAYER, A_HAND, A_KINGDOM, A_FRONT, A_BLESSED, A_VIS, A_DISCARD, A_DECK,
    A_TURNS, A_RESHUFFLED, NATTRS
};

/* the state's methods */
enum method {
    M_CURRENT_PLAYER, NMETHODS
};

static const char *const PENDING_NAMES[NPENDING] = {
    "target", "speech", "steal", "athena", "halve", "otype", "trade"
};

static const char *const ATTR_NAMES[NATTRS] = {
    "phase", "pending", "turn_player", "hand", "kingdom", "front", "blessed", "vis", "discard", "deck",
    "turns", "reshuffled"
};

static const char *const METHOD_NAMES[NMETHODS] = {
    "current_player"
};

#endif
