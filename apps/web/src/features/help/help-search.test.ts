import { describe, expect, it } from 'vitest';
import { foldText, searchHelp, type HelpGroup } from './help-search.ts';

const groups: HelpGroup[] = [
  { id: 'clients', heading: 'Người tổ chức', questions: [{ id: 'deposit', question: 'Vì sao tôi phải trả tiền đặt cọc?', answer: 'Tiền đặt cọc giữ buổi tối.' }] },
  {
    id: 'restaurants',
    heading: 'Restaurants',
    questions: [
      { id: 'paid', question: 'When is my restaurant paid?', answer: 'After the dinner is complete.' },
      { id: 'busy', question: 'How do I stop requests?', answer: 'Set your hosting preferences.' },
    ],
  },
];

describe('help search', () => {
  it('folds case and Vietnamese accents', () => {
    expect(foldText('Đặt CỌC')).toBe('dat coc');
  });

  it('keeps every question for a blank query', () => {
    expect(searchHelp(groups, '   ')).toEqual(groups);
  });

  it('finds questions by every word of the query, in the question or the answer, with or without accents', () => {
    expect(searchHelp(groups, 'dat coc').map((group) => group.questions.map((item) => item.id))).toEqual([['deposit']]);
    expect(searchHelp(groups, 'Đặt cọc')[0]!.questions[0]!.id).toBe('deposit');
    expect(searchHelp(groups, 'hosting PREFERENCES').map((group) => group.id)).toEqual(['restaurants']);
    expect(searchHelp(groups, 'paid complete')[0]!.questions.map((item) => item.id)).toEqual(['paid']);
  });

  it('answers no group when nothing matches', () => {
    expect(searchHelp(groups, 'refund banana')).toEqual([]);
  });
});
