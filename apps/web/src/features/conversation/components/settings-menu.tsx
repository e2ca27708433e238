import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { GearIcon } from '@/components/ui/icons';
import { SETTINGS_MENU } from '@/config/constants';

const entries = [{ label: 'Model Settings' }, { label: 'Appearance' }, { label: 'Help & Support' }];

/**
 * The gear menu: three entries, all disabled for now. Hovering opens it after 200 ms
 * and leaving closes it after 300 ms; a click or the keyboard opens it at once.
 */
export function SettingsMenu() {
  return (
    <DropdownMenu
      trigger={<GearIcon />}
      triggerLabel="Settings"
      triggerClassName="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      items={entries.map((entry) => ({ ...entry, disabled: true }))}
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
