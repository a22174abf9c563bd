// @ts-check
'use strict';

/** The two XML files a .vsix carries besides the extension itself. */

/** @param {string} text */
function xml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }[c] || c));
}

/**
 * extension.vsixmanifest (VSIX 2.0, as vsce writes it for VS Code extensions).
 * @param {any} pkg package.json
 * @param {{ readme?: string, icon?: string, license?: string, target?: string }} assets paths inside the zip;
 *   `target` the platform of a platform-specific package (Identity's TargetPlatform)
 */
function vsixManifest(pkg, assets) {
  const tags = [...new Set([...(pkg.keywords || []), 'fonsters'])].join(',');
  const repository = repositoryUrl(pkg.repository);
  const properties = [
    ['Microsoft.VisualStudio.Code.Engine', pkg.engines.vscode],
    ['Microsoft.VisualStudio.Code.ExtensionDependencies', (pkg.extensionDependencies || []).join(',')],
    ['Microsoft.VisualStudio.Code.ExtensionPack', (pkg.extensionPack || []).join(',')],
    ['Microsoft.VisualStudio.Code.ExtensionKind', 'workspace'],
    ['Microsoft.VisualStudio.Code.LocalizedLanguages', ''],
    ['Microsoft.VisualStudio.Code.ExecutesCode', 'true'],
    ...(repository ? [
      ['Microsoft.VisualStudio.Services.Links.Source', repository],
      ['Microsoft.VisualStudio.Services.Links.Getstarted', repository],
      [/github\.com/.test(repository) ? 'Microsoft.VisualStudio.Services.Links.GitHub' : 'Microsoft.VisualStudio.Services.Links.Repository', repository],
    ] : []),
    ['Microsoft.VisualStudio.Services.GitHubFlavoredMarkdown', 'true'],
    ['Microsoft.VisualStudio.Services.Content.Pricing', 'Free'],
  ];
  const assetLines = [
    '    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />',
  ];
  if (assets.readme) assetLines.push(`    <Asset Type="Microsoft.VisualStudio.Services.Content.Details" Path="${xml(assets.readme)}" Addressable="true" />`);
  if (assets.license) assetLines.push(`    <Asset Type="Microsoft.VisualStudio.Services.Content.License" Path="${xml(assets.license)}" Addressable="true" />`);
  if (assets.icon) assetLines.push(`    <Asset Type="Microsoft.VisualStudio.Services.Icons.Default" Path="${xml(assets.icon)}" Addressable="true" />`);
  return `<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011" xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">
  <Metadata>
    <Identity Language="en-US" Id="${xml(pkg.name)}" Version="${xml(pkg.version)}" Publisher="${xml(pkg.publisher)}"${assets.target ? ` TargetPlatform="${xml(assets.target)}"` : ''} />
    <DisplayName>${xml(pkg.displayName || pkg.name)}</DisplayName>
    <Description xml:space="preserve">${xml(pkg.description || '')}</Description>
    <Tags>${xml(tags)}</Tags>
    <Categories>${xml((pkg.categories || []).join(','))}</Categories>
    <GalleryFlags>Public</GalleryFlags>
    <Properties>
${properties.map(([id, value]) => `      <Property Id="${xml(id)}" Value="${xml(value)}" />`).join('\n')}
    </Properties>
${assets.license ? `    <License>${xml(assets.license)}</License>\n` : ''}${assets.icon ? `    <Icon>${xml(assets.icon)}</Icon>\n` : ''}  </Metadata>
  <Installation>
    <InstallationTarget Id="Microsoft.VisualStudio.Code" />
  </Installation>
  <Dependencies />
  <Assets>
${assetLines.join('\n')}
  </Assets>
</PackageManifest>
`;
}

/**
 * The repository's web address, as vsce derives it: `repository` as a string or `{url}`,
 * without `git+` and `.git`.
 * @param {string | { url?: string } | undefined} repository
 */
function repositoryUrl(repository) {
  const url = typeof repository === 'string' ? repository : repository && repository.url;
  return url ? url.replace(/^git\+/, '').replace(/\.git$/, '') : undefined;
}

const CONTENT_TYPES = {
  '.vsixmanifest': 'text/xml',
  '.json': 'application/json',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.md': 'text/markdown',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain',
};

/**
 * [Content_Types].xml: a Default per file extension, an Override for files without one.
 * @param {string[]} names entry names in the zip
 */
function contentTypes(names) {
  const defaults = new Map();
  const overrides = [];
  for (const name of names) {
    const base = name.split('/').pop() || name;
    const dot = base.lastIndexOf('.');
    if (dot > 0) {
      const ext = base.slice(dot).toLowerCase();
      defaults.set(ext, CONTENT_TYPES[/** @type {'.js'} */ (ext)] || 'application/octet-stream');
    } else {
      overrides.push(`  <Override PartName="/${xml(name)}" ContentType="application/octet-stream" />`);
    }
  }
  const lines = [...defaults].sort().map(([ext, type]) => `  <Default Extension="${xml(ext)}" ContentType="${xml(type)}" />`);
  return `<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
${[...lines, ...overrides].join('\n')}
</Types>
`;
}

module.exports = { vsixManifest, contentTypes, repositoryUrl };
