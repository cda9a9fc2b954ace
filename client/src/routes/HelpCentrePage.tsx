import { useLocation } from 'react-router';
import { helpCentreHead, HELP_CENTRES, MERCHANT_HELP, SHOPPER_HELP } from '@shop/domain/help-centre';
import { HelpCentreView } from '../features/content/HelpCentreView.tsx';
import { Main } from '../ui/Main.tsx';
import { Seo } from '../ui/Seo.tsx';

/**
 * /faqs (shoppers, the account menu's and the footer's "Need help") and /merchantfaqs
 * (businesses): the help centres (issue 19 point 7). Their copy is typed content in domain, so
 * there is no query; the shop server writes the same head (gateway/src/html/shop-pages.ts).
 */
export function Component() {
  const { pathname } = useLocation();
  const centre = pathname.replace(/\/+$/, '') === MERCHANT_HELP.path ? HELP_CENTRES['/merchantfaqs'] : SHOPPER_HELP;
  const other = centre === SHOPPER_HELP ? { label: 'Run a business on Thistle Deals? See the merchant help centre', href: MERCHANT_HELP.path } : { label: 'Shopping with us? See the help centre', href: SHOPPER_HELP.path };
  return (
    <Main>
      <Seo head={helpCentreHead(centre)} />
      <HelpCentreView centre={centre} other={other} />
    </Main>
  );
}
