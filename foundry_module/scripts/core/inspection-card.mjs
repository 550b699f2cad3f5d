/**
 * The referee's inspection card (rulebook 2.0): one player's findings, as the companion's
 * `/yaotzin/inspect` answered them, in the card shape every reader renders in his own language
 * (core/cards.mjs): a line per finding saying the rule it breaks and how it was judged, and for
 * each finding not allowed an Acknowledge and an Override, one choice (`once`). The card's
 * state is its message's `resolved` list, through the card lifecycle like every other card:
 * an override is `override:<i>` there, the card's `findings[i]` what it overrode.
 * Pure: no Foundry, no companion.
 */

export const INSPECTION_KIND = "yaotzin.inspection";
/** The card context's `game`: its presses are answered by the inspection's glue. */
export const INSPECTION_GAME = "yaotzin.inspection";
const FINDING_KINDS = ["metal", "magic_item", "magic_effect", "healing", "extraordinary"];

/**
 * One finding's line: what, the rule (its kind) and whether the sheet's data or the name decided
 * (`rule` and `how` are read in the reader's language: core/cards.mjs VALUE_KEYS).
 */
function findingLine(finding) {
  const how = finding.by_name ? "ByName" : "BySheet";
  const kind = FINDING_KINDS.includes(finding.kind) ? finding.kind : "metal";
  return {
    key: `BALLCOURT.Inspection.${finding.allowed ? "Allowed" : "Banned"}`,
    tone: finding.allowed ? "muted" : "bad",
    data: { what: finding.what, rule: kind, how },
    text: `${finding.what}: ${finding.why}`,
  };
}

/** The card for one player (`name` as the table knows him) and his findings. */
export function inspectionCard(name, findings) {
  const lines = findings.length
    ? findings.map(findingLine)
    : [
        {
          key: "BALLCOURT.Inspection.Clean",
          tone: "good",
          data: {},
          text: "Nothing the rules ban.",
        },
      ];
  const actions = findings.flatMap((f, i) =>
    f.allowed
      ? []
      : [
          {
            id: `acknowledge:${i}`,
            once: `finding:${i}`,
            key: "BALLCOURT.Inspection.Acknowledge",
            data: { what: f.what },
            label: `Acknowledge: ${f.what}`,
          },
          {
            id: `override:${i}`,
            once: `finding:${i}`,
            key: "BALLCOURT.Inspection.Override",
            data: { what: f.what },
            label: `Override: ${f.what}`,
          },
        ],
  );
  return {
    kind: INSPECTION_KIND,
    title: {
      key: "BALLCOURT.Inspection.Title",
      data: { player: name },
      text: `The referee's inspection: ${name}`,
    },
    lines,
    actions,
  };
}

/**
 * What the GMs overrode in a match, for its report: from each inspection card's flags (its
 * `resolved` list's `override:<i>` and its `findings`), the cards of that match only, in order.
 */
export function overridesIn(cardFlags, matchId) {
  return cardFlags
    .filter((f) => f?.context?.game === INSPECTION_GAME && f.context.matchId === matchId)
    .flatMap((f) =>
      (f.resolved ?? [])
        .map((id) => /^override:(\d+)$/.exec(id))
        .filter(Boolean)
        .map((m) => f.findings?.[Number(m[1])])
        .filter(Boolean)
        .map((finding) => ({
          player: f.card?.title?.data?.player ?? f.context.player,
          kind: finding.kind,
          what: finding.what,
        })),
    );
}
