import { Input, Text } from '@mantine/core';
import { useId } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { STORE_STYLES } from '#common/enums/store.ts';
import { STORE_STYLE_TOKENS, type StoreStyleTokens, storeStyleVariables } from '#common/store-styles.ts';
import classes from './style-picker.module.css';

/** A small storefront drawn with one style's tokens: header, product card, price, button, link. */
function StylePreview({ tokens, storeName, logoUrl }: { tokens: StoreStyleTokens; storeName: string; logoUrl: string | null }) {
  const t = useT();
  return (
    // Decoration: the radio's name is the style's name, not the sample texts inside.
    <span className={classes.preview} style={storeStyleVariables(tokens) as React.CSSProperties} aria-hidden="true" data-testid={`style-preview-${tokens.name}`}>
      <span className={classes.bar}>{logoUrl ? <img className={classes.logo} src={logoUrl} alt="" /> : <span>{storeName}</span>}</span>
      <span className={classes.body} style={{ display: 'block' }}>
        <span className={classes.card}>
          <span className={classes.picture} />
          <span>
            <span className={classes.product} style={{ display: 'block' }}>
              {t('store.design.sampleProduct')}
            </span>
            <span className={classes.price}>{t('store.design.samplePrice')}</span>
          </span>
        </span>
        <span className={classes.actions}>
          <span className={classes.link}>{t('store.design.sampleLink')}</span>
          <span className={classes.button}>{t('store.design.sampleButton')}</span>
        </span>
      </span>
    </span>
  );
}

/**
 * The store's style 1–6 as a native radio group named `style`: arrow keys move between the
 * options, screen readers announce each style's name and its checked state, and a form post
 * without JavaScript sends the choice. Each option shows the style on a sample storefront.
 */
export function StylePicker({ value, storeName, logoUrl, error, onChange }: { value: number; storeName: string; logoUrl: string | null; error?: string; onChange?: () => void }) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className={classes.group} aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')} data-testid="style-picker">
      <legend className={classes.legend}>{t('store.design.style')}</legend>
      <Text id={hintId} size="sm" c="dimmed">
        {t('store.design.styleHint')}
      </Text>
      <div className={classes.grid}>
        {STORE_STYLES.map((name, index) => (
          <label key={name} className={classes.option}>
            <span className={classes.head}>
              <input className={classes.radio} type="radio" name="style" value={index + 1} defaultChecked={value === index + 1} onChange={onChange} aria-invalid={error ? true : undefined} />
              <span>{t(`store.style.${name}`)}</span>
              <span className={classes.number} aria-hidden="true">
                {index + 1}
              </span>
            </span>
            <StylePreview tokens={STORE_STYLE_TOKENS[name]} storeName={storeName} logoUrl={logoUrl} />
          </label>
        ))}
      </div>
      {error ? (
        <Input.Error id={errorId} role="alert" mt={4}>
          {error}
        </Input.Error>
      ) : null}
    </fieldset>
  );
}
