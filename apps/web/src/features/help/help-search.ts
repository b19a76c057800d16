export type HelpQuestion = { id: string; question: string; answer: string };
export type HelpGroup = { id: string; heading: string; questions: HelpQuestion[] };

/** Lower case without accents ("Đặt cọc" → "dat coc"), so Vietnamese can be searched with or without them. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/gi, 'd').toLowerCase();
}

/**
 * The groups with only the questions whose question or answer holds every word of `query` (case and accents
 * ignored); groups left empty are dropped. A blank query keeps everything.
 */
export function searchHelp(groups: HelpGroup[], query: string): HelpGroup[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      questions: group.questions.filter((item) => {
        const text = foldText(`${item.question} ${item.answer}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.questions.length > 0);
}
