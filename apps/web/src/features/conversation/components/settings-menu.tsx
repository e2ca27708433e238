import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { GearIcon } from '@/components/ui/icons';
import { SETTINGS_MENU } from '@/config/constants';
import { setThemePreference, useThemePreference, type ThemePreference } from '@/lib/theme';

const entries = [{ label: 'Model Settings' }, { label: 'Appearance' }, { label: 'Help & Support' }];

const THEME_LABEL: Record<ThemePreference, string> = {
  system: 'Theme: as the system',
  dark: 'Theme: dark',
  light: 'Theme: light',
};
const NEXT_THEME: Record<ThemePreference, ThemePreference> = {
  system: 'dark',
  dark: 'light',
  light: 'system',
};

/**
 * The gear menu: the spec's three entries, disabled for now, then the theme, which each choice moves
 * on (as the system → dark → light). Hovering opens it after 200 ms and leaving closes it after
 * 300 ms; a click or the keyboard opens it at once.
 */
export function SettingsMenu() {
  const theme = useThemePreference();
  return (
    <DropdownMenu
      trigger={<GearIcon />}
      triggerLabel="Settings"
      triggerClassName="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      items={[
        ...entries.map((entry) => ({ ...entry, disabled: true })),
        { label: THEME_LABEL[theme], onSelect: () => setThemePreference(NEXT_THEME[theme]) },
      ]}
      placement="above-start"
      hoverDelays={{ openMs: SETTINGS_MENU.openDelayMs, closeMs: SETTINGS_MENU.closeDelayMs }}
      footer={
        <p className="border-t border-slate-100 px-3 pt-2 pb-1 text-xs text-slate-600">
          More settings coming soon
        </p>
      }
    />
  );
}
