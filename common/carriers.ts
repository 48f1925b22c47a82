import type { Locale } from './locale.ts';

// Ecuador's carriers a store ships with (issue 40 §2, decision 091), and the link a shopper follows
// to track a parcel. Each pattern is the carrier's public tracking page; where the page takes no
// number in its address (Tramaco), the link opens the page and the shopper types the number shown
// beside it. "other" is any carrier: the owner may give the link (http or https only).

export const CARRIERS = ['servientrega', 'tramaco', 'laar', 'correos_ecuador', 'urbano', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const isCarrier = (value: unknown): value is Carrier => typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);

type CarrierInfo = {
  /** Its name as shoppers know it: the same in both languages ("other" is translated by `carrierLabel`). */
  label: string;
  /** The tracking page with `{number}` where the number goes; without `{number}`, the page where it is typed. */
  pattern: string | null;
};

export const CARRIER_INFO: Record<Carrier, CarrierInfo> = {
  servientrega: { label: 'Servientrega', pattern: 'https://www.servientrega.com.ec/Tracking/?guia={number}&tipo=GUIA' },
  // Its site offers no address with the number: the page, and the number beside it.
  tramaco: { label: 'Tramaco', pattern: 'https://www.tramaco.com.ec/' },
  laar: { label: 'Laar Courier', pattern: 'https://fenixoper.laarcourier.com/Tracking/Guiacompleta.aspx?guia={number}' },
  // Servicios Postales del Ecuador (SPE), which took over Correos del Ecuador's service.
  correos_ecuador: { label: 'Correos del Ecuador', pattern: 'https://sipostal.serviciopostal.gob.ec/Navegacion/Tracking?codigo={number}' },
  urbano: { label: 'Urbano Express', pattern: 'https://app.urbano.com.ec/plugin/etracking/etracking/?guia={number}' },
  other: { label: 'Otra', pattern: null },
};

/** The carrier's name in a language: the brand, the same in both; "other" translated. */
export const carrierLabel = (carrier: Carrier, locale: Locale): string => (carrier === 'other' ? (locale === 'en' ? 'Other' : 'Otra') : CARRIER_INFO[carrier].label);

/** Whether the carrier's link carries the number itself (else the shopper types it on the page). */
export const linksTheNumber = (carrier: Carrier): boolean => CARRIER_INFO[carrier].pattern?.includes('{number}') ?? false;

/** The carrier's tracking link for a number; null for "other" (its link is the owner's, if any) or no number. */
export function trackingUrl(carrier: Carrier, number: string): string | null {
  const pattern = CARRIER_INFO[carrier].pattern;
  const trimmed = number.trim();
  if (!pattern || !trimmed) return null;
  return pattern.replace('{number}', encodeURIComponent(trimmed));
}

/** A link the owner typed is kept only when it is an http(s) address: never `javascript:` or `data:` on a shopper's page. */
export function safeTrackingUrl(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
