import type { Locale } from '@goodtable/shared';

export type RenderedEmail = { subject: string; text: string; html: string };

/** What each email needs; every email exists in en and vn and has a plain-text part. */
export type EmailTemplates = {
  verifyEmail: { firstName: string; link: string };
  resetPassword: { firstName: string; link: string };
  teamInvitation: { firstName: string; inviterName: string; link: string };
  teamInvitationExistingAccount: { inviterName: string };
  restaurantCreatedByManager: { firstName: string; managerName: string; restaurantName: string; link: string };
  restaurantAccessRequest: { firstName: string; managerName: string; link: string };
  /** A restaurant's answer to a manager team's access request, to each of the team's managers. */
  restaurantAccessAnswered: { firstName: string; restaurantName: string; granted: boolean; link: string };
  emailChanged: { firstName: string; newEmail: string; link: string };
  subscriptionConfirmed: { unsubscribeLink: string };
  contactReceived: { name: string; topic: string; message: string };
  contactToSupport: { name: string; email: string; topic: string; message: string; language: string; signedInAs: string | null };
};
export type EmailKind = keyof EmailTemplates;

/** What an email says, before it is laid out as HTML and plain text by `renderContent`. */
/** `images`: inline images (attachments with this `cid`), shown after the paragraphs in the HTML part. */
export type EmailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  images?: { cid: string; alt: string }[];
  action?: { label: string; link: string };
  footer?: string;
};

const copy: { [Kind in EmailKind]: Record<Locale, (params: EmailTemplates[Kind]) => EmailContent> } = {
  verifyEmail: {
    en: (p) => ({
      subject: 'Verify your email address',
      greeting: `Hello ${p.firstName},`,
      paragraphs: ['Please confirm that this is your email address so restaurants, causes and guests can reach you.'],
      action: { label: 'Verify my email', link: p.link },
      footer: 'The link works once and expires in 48 hours. If you did not create a GoodTable account, ignore this email.',
    }),
    vn: (p) => ({
      subject: 'Xác minh địa chỉ email của bạn',
      greeting: `Xin chào ${p.firstName},`,
      paragraphs: ['Vui lòng xác nhận đây là địa chỉ email của bạn để nhà hàng, tổ chức từ thiện và khách mời có thể liên hệ với bạn.'],
      action: { label: 'Xác minh email', link: p.link },
      footer: 'Liên kết chỉ dùng được một lần và hết hạn sau 48 giờ. Nếu bạn không tạo tài khoản GoodTable, hãy bỏ qua email này.',
    }),
  },
  resetPassword: {
    en: (p) => ({
      subject: 'Reset your GoodTable password',
      greeting: `Hello ${p.firstName},`,
      paragraphs: ['We received a request to reset your password. Choose a new one with the button below; you will be signed out everywhere.'],
      action: { label: 'Choose a new password', link: p.link },
      footer: 'The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
    }),
    vn: (p) => ({
      subject: 'Đặt lại mật khẩu GoodTable',
      greeting: `Xin chào ${p.firstName},`,
      paragraphs: ['Chúng tôi đã nhận được yêu cầu đặt lại mật khẩu của bạn. Hãy chọn mật khẩu mới bằng nút bên dưới; bạn sẽ được đăng xuất khỏi mọi thiết bị.'],
      action: { label: 'Chọn mật khẩu mới', link: p.link },
      footer: 'Liên kết chỉ dùng được một lần và hết hạn sau 1 giờ. Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn không thay đổi.',
    }),
  },
  teamInvitation: {
    en: (p) => ({
      subject: `${p.inviterName} invited you to their GoodTable team`,
      greeting: `Hello ${p.firstName},`,
      paragraphs: [`${p.inviterName} added you as a team member on GoodTable. You will manage the same restaurants as they do.`],
      action: { label: 'Accept and choose a password', link: p.link },
      footer: 'The link works once and expires in 7 days.',
    }),
    vn: (p) => ({
      subject: `${p.inviterName} đã mời bạn tham gia nhóm GoodTable`,
      greeting: `Xin chào ${p.firstName},`,
      paragraphs: [`${p.inviterName} đã thêm bạn làm thành viên nhóm trên GoodTable. Bạn sẽ quản lý cùng các nhà hàng như họ.`],
      action: { label: 'Chấp nhận và chọn mật khẩu', link: p.link },
      footer: 'Liên kết chỉ dùng được một lần và hết hạn sau 7 ngày.',
    }),
  },
  teamInvitationExistingAccount: {
    en: (p) => ({
      subject: `${p.inviterName} invited you to their GoodTable team`,
      greeting: 'Hello,',
      paragraphs: [
        `${p.inviterName} tried to add this address as a team member on GoodTable, but it already belongs to a GoodTable account.`,
        'Ask them to invite another address of yours; one account cannot belong to two teams.',
      ],
    }),
    vn: (p) => ({
      subject: `${p.inviterName} đã mời bạn tham gia nhóm GoodTable`,
      greeting: 'Xin chào,',
      paragraphs: [
        `${p.inviterName} muốn thêm địa chỉ này làm thành viên nhóm trên GoodTable, nhưng địa chỉ đã thuộc về một tài khoản GoodTable.`,
        'Hãy nhờ họ mời một địa chỉ email khác của bạn; một tài khoản không thể thuộc hai nhóm.',
      ],
    }),
  },
  restaurantCreatedByManager: {
    en: (p) => ({
      subject: `${p.restaurantName} is now on GoodTable`,
      greeting: `Hello ${p.firstName},`,
      paragraphs: [`${p.managerName} registered ${p.restaurantName} on GoodTable and manages it for you. Choose a password to sign in to your restaurant's account.`],
      action: { label: 'Choose a password', link: p.link },
      footer: 'The link works once and expires in 7 days. You can withdraw the manager’s access at any time from your account.',
    }),
    vn: (p) => ({
      subject: `${p.restaurantName} đã có mặt trên GoodTable`,
      greeting: `Xin chào ${p.firstName},`,
      paragraphs: [`${p.managerName} đã đăng ký ${p.restaurantName} trên GoodTable và quản lý nhà hàng thay bạn. Hãy chọn mật khẩu để đăng nhập tài khoản nhà hàng.`],
      action: { label: 'Chọn mật khẩu', link: p.link },
      footer: 'Liên kết chỉ dùng được một lần và hết hạn sau 7 ngày. Bạn có thể thu hồi quyền của người quản lý bất cứ lúc nào trong tài khoản của mình.',
    }),
  },
  restaurantAccessRequest: {
    en: (p) => ({
      subject: `${p.managerName} asks to manage your restaurant`,
      greeting: `Hello ${p.firstName},`,
      paragraphs: [`${p.managerName} asks for access to manage your restaurant on GoodTable: bookings, profile and payments. Grant or refuse it in your account.`],
      action: { label: 'Open my account', link: p.link },
    }),
    vn: (p) => ({
      subject: `${p.managerName} muốn quản lý nhà hàng của bạn`,
      greeting: `Xin chào ${p.firstName},`,
      paragraphs: [`${p.managerName} xin quyền quản lý nhà hàng của bạn trên GoodTable: đặt chỗ, hồ sơ và thanh toán. Hãy chấp nhận hoặc từ chối trong tài khoản của bạn.`],
      action: { label: 'Mở tài khoản của tôi', link: p.link },
    }),
  },
  restaurantAccessAnswered: {
    en: (p) => ({
      subject: p.granted ? `${p.restaurantName} gave your team access` : `${p.restaurantName} refused your team access`,
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        p.granted
          ? `${p.restaurantName} gave your team access on GoodTable: you can now manage its bookings, profile and payments.`
          : `${p.restaurantName} refused your team access on GoodTable, or withdrew it: your team no longer manages this restaurant.`,
      ],
      action: { label: 'Open my account', link: p.link },
    }),
    vn: (p) => ({
      subject: p.granted ? `${p.restaurantName} đã cấp quyền quản lý cho nhóm của bạn` : `${p.restaurantName} đã từ chối quyền quản lý của nhóm bạn`,
      greeting: `Xin chào ${p.firstName},`,
      paragraphs: [
        p.granted
          ? `${p.restaurantName} đã cấp quyền cho nhóm của bạn trên GoodTable: giờ đây bạn có thể quản lý đặt chỗ, hồ sơ và thanh toán của nhà hàng.`
          : `${p.restaurantName} đã từ chối hoặc thu hồi quyền của nhóm bạn trên GoodTable: nhóm của bạn không còn quản lý nhà hàng này.`,
      ],
      action: { label: 'Mở tài khoản của tôi', link: p.link },
    }),
  },
  emailChanged: {
    en: (p) => ({
      subject: 'The email address of your GoodTable account was changed',
      greeting: `Hello ${p.firstName},`,
      paragraphs: [
        `The email address of your GoodTable account was just changed to ${p.newEmail}. From now on, emails and sign-ins use the new address.`,
        'If you made this change, there is nothing to do. If you did not, undo it with the button below: this address is restored and every session is signed out. Then reset your password.',
      ],
      action: { label: 'Undo this change', link: p.link },
      footer: 'The link works once and expires in 7 days.',
    }),
    vn: (p) => ({
      subject: 'Địa chỉ email của tài khoản GoodTable đã được thay đổi',
      greeting: `Xin chào ${p.firstName},`,
      paragraphs: [
        `Địa chỉ email của tài khoản GoodTable của bạn vừa được đổi thành ${p.newEmail}. Từ nay, email và việc đăng nhập sẽ dùng địa chỉ mới.`,
        'Nếu chính bạn đã thay đổi, bạn không cần làm gì. Nếu không phải bạn, hãy hoàn tác bằng nút bên dưới: địa chỉ này sẽ được khôi phục và mọi phiên đăng nhập sẽ bị đăng xuất. Sau đó hãy đặt lại mật khẩu.',
      ],
      action: { label: 'Hoàn tác thay đổi này', link: p.link },
      footer: 'Liên kết chỉ dùng được một lần và hết hạn sau 7 ngày.',
    }),
  },
  subscriptionConfirmed: {
    en: (p) => ({
      subject: 'You are on the GoodTable mailing list',
      greeting: 'Hello,',
      paragraphs: [
        'Thank you for subscribing. About once a month we will write with new fundraising dinners, restaurants and causes near you, and what past dinners raised.',
        'Changed your mind? One click on the link below takes you off the list.',
      ],
      action: { label: 'Unsubscribe', link: p.unsubscribeLink },
      footer: 'You receive this email because this address was entered in the subscribe form on GoodTable. If that was not you, unsubscribe with the link above.',
    }),
    vn: (p) => ({
      subject: 'Bạn đã đăng ký nhận tin của GoodTable',
      greeting: 'Xin chào,',
      paragraphs: [
        'Cảm ơn bạn đã đăng ký. Khoảng mỗi tháng một lần, chúng tôi sẽ gửi tin về các bữa tối gây quỹ, nhà hàng và tổ chức từ thiện mới gần bạn, cùng số tiền các bữa tối trước đã quyên góp được.',
        'Bạn đổi ý? Chỉ cần nhấp vào liên kết bên dưới để hủy đăng ký.',
      ],
      action: { label: 'Hủy đăng ký', link: p.unsubscribeLink },
      footer: 'Bạn nhận được email này vì địa chỉ này đã được nhập vào biểu mẫu đăng ký trên GoodTable. Nếu đó không phải bạn, hãy hủy đăng ký bằng liên kết ở trên.',
    }),
  },
  contactReceived: {
    en: (p) => ({
      subject: 'We received your message',
      greeting: `Hello ${p.name},`,
      paragraphs: [
        `Thank you for writing to GoodTable support about "${p.topic}". We answer within two working days, by email to this address.`,
        `Your message: ${p.message}`,
      ],
    }),
    vn: (p) => ({
      subject: 'Chúng tôi đã nhận được tin nhắn của bạn',
      greeting: `Xin chào ${p.name},`,
      paragraphs: [
        `Cảm ơn bạn đã liên hệ bộ phận hỗ trợ GoodTable về "${p.topic}". Chúng tôi sẽ trả lời trong vòng hai ngày làm việc, qua email tới địa chỉ này.`,
        `Tin nhắn của bạn: ${p.message}`,
      ],
    }),
  },
  contactToSupport: {
    en: (p) => ({
      subject: `Contact form: ${p.topic} from ${p.name}`,
      greeting: 'Hello support team,',
      paragraphs: [
        `${p.name} <${p.email}> wrote through the contact page (language: ${p.language}${p.signedInAs ? `; signed in as account ${p.signedInAs}` : '; not signed in'}). Reply to this email to answer them.`,
        p.message,
      ],
    }),
    vn: (p) => ({
      subject: `Biểu mẫu liên hệ: ${p.topic} từ ${p.name}`,
      greeting: 'Chào đội ngũ hỗ trợ,',
      paragraphs: [
        `${p.name} <${p.email}> đã viết qua trang liên hệ (ngôn ngữ: ${p.language}${p.signedInAs ? `; đăng nhập với tài khoản ${p.signedInAs}` : '; chưa đăng nhập'}). Trả lời email này để phản hồi họ.`,
        p.message,
      ],
    }),
  },
};

const SIGNATURE: Record<Locale, string> = { en: 'The GoodTable team', vn: 'Đội ngũ GoodTable' };

export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** Renders one email in `language`, as HTML and plain text. */
export function renderEmail<Kind extends EmailKind>({ kind, language, params }: { kind: Kind; language: Locale; params: EmailTemplates[Kind] }): RenderedEmail {
  return renderContent(language, copy[kind][language](params));
}

/** Lays out an email's content as HTML and plain text, signed by the team in `language`. */
export function renderContent(language: Locale, content: EmailContent): RenderedEmail {
  const textParts = [content.greeting, ...content.paragraphs];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.link}`);
  if (content.footer) textParts.push(content.footer);
  textParts.push(`— ${SIGNATURE[language]}`);
  const lang = language === 'vn' ? 'vi' : 'en';
  const html = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(content.images ?? []).map((image) => `<p><img src="cid:${escapeHtml(image.cid)}" alt="${escapeHtml(image.alt)}" width="200" height="200"></p>`),
    content.action
      ? `<p><a href="${escapeHtml(content.action.link)}" style="display:inline-block;background:#047857;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p><p style="font-size:13px;color:#4b5563">${escapeHtml(content.action.link)}</p>`
      : '',
    content.footer ? `<p style="font-size:13px;color:#4b5563">${escapeHtml(content.footer)}</p>` : '',
    `<p>${escapeHtml(SIGNATURE[language])}</p>`,
    '</body></html>',
  ].join('');
  return { subject: content.subject, text: textParts.join('\n\n'), html };
}
