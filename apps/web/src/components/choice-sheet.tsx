import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';

/** A bottom sheet's title with its close button. */
export function SheetHead({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="sheet__head">
      <h2 className="sheet__title">{title}</h2>
      <button type="button" className="icon-button" aria-label={t('app.close')} onClick={onClose}>
        <Icon name="close" size={20} />
      </button>
    </div>
  );
}

export type Choice<T extends string> = { value: T; label: string; hint?: string };

/** A bottom sheet listing choices (language, theme, currency); the current one is marked and announced as selected. */
export function ChoiceSheet<T extends string>({
  title,
  open,
  choices,
  value,
  onChoose,
  onClose,
}: {
  title: string;
  open: boolean;
  choices: Choice<T>[];
  value: T;
  onChoose: (value: T) => void;
  onClose: () => void;
}) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <SheetHead title={title} onClose={onClose} />
      <ul className="sheet__list" role="listbox" aria-label={title}>
        {choices.map((choice) => {
          const selected = choice.value === value;
          return (
            <li
              key={choice.value}
              role="option"
              aria-selected={selected}
              tabIndex={0}
              className={selected ? 'sheet__option sheet__option--selected' : 'sheet__option'}
              onClick={() => onChoose(choice.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onChoose(choice.value);
                }
              }}
            >
              <span className="sheet__option-label">{choice.label}</span>
              {choice.hint && <span className="sheet__option-hint">{choice.hint}</span>}
              {selected && <Icon name="check" size={18} className="sheet__check" />}
            </li>
          );
        })}
      </ul>
    </Popup>
  );
}
