/* Generated from mythenv/games/theomachy/observe.py (C_DECL) by `python -m mythenv.core.cheaders`: do not edit.
 * The enums and names the game's _cobserve.c reads; see mythenv/core/clayout.py. */
#ifndef MYTHENV_CLAYOUT_H
#define MYTHENV_CLAYOUT_H

/* the state's attributes (prefetch reads those a call uses before any item is borrowed) */
enum attr {
    A_N, A_STEP, A_PENDING, A_ROUND, A_ACTED_NOW, A_TURN, A_TURN_PLAYED, A_LEVEL, A_ALIVE, A_PAID,
    A_ANTE, A_HAND, A_VIS, A_ASIDE, A_DECK, A_DISC, A_DRAFT_HAND, A_PICKED_NOW, A_PICKS, A_CULT,
    A_STAKE, A_LSK, A_FOLDED, A_LS, A_FIRST, A_ACTED, A_TABLE, A_PLACES, A_ATTACKS, A_BANK, A_PEEK,
    A_CONST_UP, A_CONST, A_ESS_DISC, A_ESS_DECK, A_TRACK, A_PRAYER, A_HANDS, A_ACTION_SPHERE, A_MULTI,
    NBASIC_ATTRS
};

/* the Advanced state's attributes (read only when the layout's adv is 1) */
enum adv_attr {
    A_REVEALED = NBASIC_ATTRS, A_PANTHEON, A_DEITY, A_MIRACLES, A_MYTH_DECK, A_MYTH_OWN, A_MYTH_USED,
    A_HERO_STAKE, A_MYTH_OUT, A_AB_USES, A_REQ_DONE, A_H_ATTACKS, A_H_SPHERES, A_H_EFFECTS,
    A_H_STRIPPED, A_BONUS, A_VP, NATTRS
};

/* the state's methods: the rules the encoder calls */
enum method {
    M_CURRENT_PLAYER = NATTRS, M_ESSENCE, M_ACTIVE, M_BATTLE_POWER, NCALLED
};

/* the kinds of a pending decision (pending[-1][0]), in the order of DEC_TARGET .. */
enum pending_name {
    K_TARGET = NCALLED, K_REACT, K_CLOSING, NBASIC_NAMES
};

/* the kinds of a pending Advanced decision, in the order of the adv_decision enum */
enum adv_pending_name {
    K_WINDOW = NBASIC_NAMES, K_COST, K_MTARGET, NNAMES
};

/* the decision piece's entries: an ordinary turn, then the kinds of pending_name */
enum decision {
    DEC_TURN, DEC_TARGET, DEC_REACT, DEC_CLOSING, NDECISIONS
};

/* the adv_decision piece's entries */
enum adv_decision {
    ADEC_WINDOW, ADEC_COST, ADEC_MTARGET, NADV_DECISIONS
};

/* the pieces of observer(n), in its order (the layout's offsets give each its start) */
enum piece {
    PC_STEP, PC_DECISION, PC_TO_MOVE, PC_BET_ROUND, PC_ACTED_NOW, PC_TO_CALL, PC_ANTE, PC_HAND,
    PC_HAND_KNOWN, PC_SET_ASIDE, PC_DECK, PC_DISCARD, PC_DRAFT_PACKET, PC_DRAFT_KEPT,
    PC_OPP_HAND_KNOWN, PC_CULT, PC_STAKE, PC_LAST_STAND_TOKENS, PC_PAID, PC_LEVEL, PC_BANK, PC_SEAT,
    PC_SIZES, PC_DISCARD_TOP, PC_TABLE, PC_PLACES, PC_BATTLE, PC_CONSTELLATION, PC_MY_ESSENCE,
    PC_ESSENCE_DISCARD, PC_ESSENCE_DECK, PC_TRACK, PC_PRAYER_DECK, PC_PENDING_CARD, PC_PENDING_SEATS,
    PC_HANDS, PC_BATTLE_TURN, NPIECES
};

/* the Advanced pieces of observer(n, True), in its order (adv_offsets gives each its start) */
enum adv_piece {
    PA_ADV_DECISION, PA_PANTHEON, PA_DEITY, PA_GOD_CHOSEN, PA_MIRACLES, PA_MYTH_TOP, PA_MYTH_DECK,
    PA_MYTH_OWN, PA_MYTH_USED, PA_HERO_STAKE, PA_MYTH_OUT, PA_ABILITY, PA_HAND_RECORD, PA_WINDOW,
    PA_PENDING_SOURCE, PA_COST_LEFT, PA_VICTORY_POINTS, NADV_PIECES
};

/* the entries of the layout tuple (observe.c_layout) */
enum layout {
    L_N, L_SIZE, L_NSTEPS, L_NK, L_NE, L_BET, L_BATTLE, L_MAX_HANDS, L_KIND_OF, L_OFFSETS, L_ADV, L_NP,
    L_ND, L_NM, L_NW, L_ADV_OFFSETS, LAYOUT_LEN
};

static const char *const NAMES[NNAMES] = {
    "n", "step", "pending", "round", "acted_now", "turn", "turn_played", "level", "alive", "paid",
    "ante", "hand", "vis", "aside", "deck", "disc", "draft_hand", "picked_now", "picks", "cult",
    "stake", "lsk", "folded", "ls", "first", "acted", "table", "places", "attacks", "bank", "peek",
    "const_up", "const", "ess_disc", "ess_deck", "track", "prayer", "hands", "action_sphere", "multi",
    "revealed", "pantheon", "deity", "miracles", "myth_deck", "myth_own", "myth_used", "hero_stake",
    "myth_out", "ab_uses", "req_done", "h_attacks", "h_spheres", "h_effects", "h_stripped", "bonus",
    "vp", "current_player", "essence", "active", "battle_power", "target", "react", "closing",
    "window", "cost", "mtarget"
};

#endif
