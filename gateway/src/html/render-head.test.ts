import { describe, expect, it } from 'vitest';
import { dealHead, homepageHead } from '@shop/domain';
import { escapeHtml, indexTemplate, renderDealJsonLd, renderHeadTags } from './render-head.ts';

describe('server-side head tags', () => {
  it('escapes every value', () => {
    const html = renderHeadTags(
      dealHead({ title: `</title><script>alert("x")</script>`, description: `"><img src=x onerror='y'>&`, url: '/d/1"><x', imageUrl: 'https://img.example/a.jpg?x="y"' }),
      'https://shop.example',
    );
    expect(html).not.toMatch(/<script|<img|<x/);
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; | Thistle Deals</title>');
    expect(html).toContain('content="&quot;&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;"');
    expect(html).toContain('href="https://shop.example/d/1&quot;&gt;&lt;x"');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('keeps a protocol-relative path on this site', () => {
    const html = renderHeadTags({ ...homepageHead({ slug: 'glasgow', name: 'Glasgow', isNational: false, isTravel: false }), canonical: '//evil.example/x' }, 'https://shop.example');
    expect(html).toContain('href="https://shop.example//evil.example/x"');
  });

  it('puts the tags after <meta charset>, before scripts, and drops the static title and description', () => {
    const template = indexTemplate(
      '<html><head><meta charset="utf-8" /><title data-static-head>Static</title>\n<meta data-static-head name="description" content="s" /><script src="/a.js"></script></head><body></body></html>',
    );
    const html = template.render(homepageHead({ slug: 'glasgow', name: 'Glasgow', isNational: false, isTravel: false }), 'https://shop.example');
    expect(html).not.toContain('Static');
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html.indexOf('<meta charset')).toBeLessThan(html.indexOf('<title'));
    expect(html.indexOf('rel="canonical"')).toBeLessThan(html.indexOf('<script'));
  });

  it('without <meta charset> first, the tags go right after <head>', () => {
    const html = indexTemplate('<html><head><script src="/a.js"></script><meta charset="utf-8"></head></html>').render(
      homepageHead({ slug: 'glasgow', name: 'Glasgow', isNational: false, isTravel: false }),
      'https://shop.example',
    );
    expect(html.indexOf('<title')).toBeLessThan(html.indexOf('<script'));
  });

  it('a deal page gets one JSON-LD script that no value can close; other pages none', () => {
    const home = homepageHead({ slug: 'glasgow', name: 'Glasgow', isNational: false, isTravel: false });
    expect(renderHeadTags(home, 'https://shop.example')).not.toContain('ld+json');
    const deal = {
      dealId: 7,
      title: 'Spa</script><script>alert(1)</script>',
      description: 'x',
      url: '/deals/glasgow/beauty/spa/7/spa.html',
      price: { amount: 1999, currency: 'GBP' as const },
      products: [{ soldOut: false, disabled: false }],
    };
    const html = renderHeadTags(dealHead({ title: deal.title, description: 'x', url: deal.url }), 'https://shop.example', { deal, now: new Date('2026-11-22T12:00:00Z') });
    const scripts = [...html.matchAll(/<script data-static-head type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    const ld = JSON.parse(scripts[0]![1]!) as { name: string; offers: { price: string } };
    expect(ld.name).toBe(deal.title);
    expect(ld.offers.price).toBe('19.99');
    expect(renderDealJsonLd(deal, 'https://shop.example')).toContain('\\u003c/script\\u003e');
  });
});
